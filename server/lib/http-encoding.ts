// Which encoding of a kept body to send (the HTML shell in static.ts, the kept board pages in boards/).

export type Encoding = 'br' | 'gzip' | 'identity';

/** br when the client takes it, else gzip, else none (q=0 refuses an encoding). */
export function pickEncoding(acceptEncoding: string | string[] | undefined): Encoding {
  const header = (Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '')).toLowerCase();
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name && (q === undefined || Number(q) > 0)) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return 'identity';
}
