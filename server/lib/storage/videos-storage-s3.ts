import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { onFirstUse } from '#server/lib/lazy-load.ts';
import { SEGMENT_FILE, fileStorage, safe, type OutputName, type VideoStorage } from './videos-storage.ts';

export interface S3Location {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * S3_URL: `s3://KEY:SECRET@HOST[:PORT]/BUCKET[?region=REGION&tls=0|1]` (key and secret
 * URL-encoded). TLS unless the host is loopback or `tls=0`; region `us-east-1` unless given;
 * path-style addressing, so any S3-compatible server works (MinIO, Garage, s3rver…).
 */
export function parseS3Url(raw: string): S3Location {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error('S3_URL must look like s3://KEY:SECRET@HOST:PORT/BUCKET');
  }
  const bucket = url.pathname.split('/').filter(Boolean)[0];
  if (url.protocol !== 's3:' || !url.username || !url.password || !bucket) {
    throw new Error('S3_URL must look like s3://KEY:SECRET@HOST:PORT/BUCKET');
  }
  const tlsParam = url.searchParams.get('tls');
  const tls = tlsParam === null ? !LOOPBACK.has(url.hostname) : tlsParam === '1';
  return {
    endpoint: `${tls ? 'https' : 'http'}://${url.host}`,
    region: url.searchParams.get('region') ?? 'us-east-1',
    bucket: decodeURIComponent(bucket),
    accessKeyId: decodeURIComponent(url.username),
    secretAccessKey: decodeURIComponent(url.password),
  };
}

/** A client of the bucket, made at its first call: the S3 SDK is loaded then, not at every start (server/lib/lazy-load.ts). */
export function s3Client(location: S3Location) {
  return onFirstUse(
    async () =>
      new (await import('@aws-sdk/client-s3')).S3({
        endpoint: location.endpoint,
        region: location.region,
        forcePathStyle: true,
        // Plain bodies: not every S3-compatible server understands aws-chunked uploads with trailing checksums.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        credentials: { accessKeyId: location.accessKeyId, secretAccessKey: location.secretAccessKey },
      }),
  );
}

/**
 * Videos in an S3-compatible bucket, for deployments with several nodes: an upload in flight
 * is received by tus on the node's disk (the tus S3 store needs ListParts, which not every
 * S3-compatible server has); once complete and checked, the original moves to the bucket
 * (`originals/<id>`), and the rendition and poster go to `media/<id>/…`. Checks and processing
 * read a local copy (downloaded to scratch when the original is already in the bucket).
 */
export function s3Storage(location: S3Location, root: string): VideoStorage {
  const client = s3Client(location);
  const local = fileStorage(root);
  const scratch = path.join(root, 'scratch');
  const Bucket = location.bucket;
  const mediaKey = (id: string, name: OutputName) => `media/${safe(id)}/${name}`;
  const originalKey = (id: string) => `originals/${safe(id)}`;
  const put = async (Key: string, file: string, ContentType: string) => {
    const { size } = await stat(file);
    await (await client()).putObject({ Bucket, Key, Body: createReadStream(file), ContentLength: size, ContentType });
  };
  /** The keys under `media/<id>/` starting with `prefix`, page by page (ListObjectsV2, which every S3 server has). */
  const listMedia = async (id: string, prefix: string) => {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await (await client()).listObjectsV2({ Bucket, Prefix: `media/${safe(id)}/${prefix}`, ContinuationToken: token });
      for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  };
  return {
    datastore: local.datastore,
    async withOriginal(id, work) {
      const received = local.uploadedFile(id);
      if (await exists(received)) return work(received);
      const dir = path.join(scratch, safe(id), 'original');
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, 'original');
      try {
        const object = await (await client()).getObject({ Bucket, Key: originalKey(id) });
        await pipeline(object.Body as Readable, createWriteStream(file));
        return await work(file);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    async keepOriginal(id) {
      const received = local.uploadedFile(id);
      await put(originalKey(id), received, 'application/octet-stream');
      await local.removeAll(id);
    },
    async putOutput(id, name, localFile) {
      await put(mediaKey(id, name), localFile, name === 'web.mp4' ? 'video/mp4' : name.endsWith('.webm') ? 'video/webm' : 'image/jpeg');
      await rm(localFile, { force: true });
    },
    async outputSize(id, name) {
      try {
        return (await (await client()).headObject({ Bucket, Key: mediaKey(id, name) })).ContentLength ?? null;
      } catch {
        return null;
      }
    },
    async readOutput(id, name, range) {
      const object = await (
        await client()
      ).getObject({
        Bucket,
        Key: mediaKey(id, name),
        Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      });
      return object.Body as Readable;
    },
    async removeAll(id) {
      await local.removeAll(id);
      // Every object under the video's folder: the rendition, the poster and a live stream's segments.
      const listed = await listMedia(id, '').catch(() => [mediaKey(id, 'web.mp4'), mediaKey(id, 'poster.jpg')]);
      const keys = [originalKey(id), ...listed];
      await Promise.all(keys.map(async (Key) => (await client()).deleteObject({ Bucket, Key }).catch(() => {})));
    },
    async removeSegments(id) {
      const keys = (await listMedia(id, 'seg-')).filter((k) => SEGMENT_FILE.test(k.slice(k.lastIndexOf('/') + 1)));
      for (const Key of keys) await (await client()).deleteObject({ Bucket, Key });
      return keys.length;
    },
    scratchDir: (id) => local.scratchDir(id),
    uploadedFile: (id) => local.uploadedFile(id),
  };
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );
