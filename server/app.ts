import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import fastifyCompress from '@fastify/compress';
import type { AppConfig } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/index.ts';
import type { AppContext } from './context.ts';
import { loadOpenapiDocument } from './openapi.ts';
import { allHandlers } from './routes/index.ts';
import { registerClient } from './static.ts';

export interface BuiltApp {
  app: FastifyInstance;
  context: AppContext;
}

const SERVER_FAULT = 'Something went wrong on our side. Please try again in a moment.';

/**
 * Builds the whole server: database (opened and migrated unless one is given),
 * the API routes generated from openapi/openapi.yaml, and the SPA. Closing the
 * Fastify instance closes the database.
 */
export async function buildApp(config: AppConfig, database?: DatabaseHandle): Promise<BuiltApp> {
  const db = database ?? (await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir }));
  const context: AppContext = { config, database: db };
  const app = Fastify({
    logger: config.logger ? { level: process.env.LOG_LEVEL ?? 'info' } : false,
    bodyLimit: 1024 * 1024,
    trustProxy: process.env.TRUST_PROXY === '1',
    // Malformed URLs and similar are the caller's fault: answer in our error shape.
    frameworkErrors: (error, _request, reply) => {
      void reply.code(400).send({ detail: error.message || 'Malformed request' });
    },
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: false } },
  });
  if (!database) app.addHook('onClose', async () => db.close());

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const detail = error.validation ? describeValidation(error) : error.message || 'Bad request';
      return reply.code(status).send({ detail });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ detail: SERVER_FAULT });
  });

  const basePrefix = config.basePath.replace(/\/$/, '');
  const routesByPath = new Map<string, Set<string>>();
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const set = routesByPath.get(route.url) ?? new Set<string>();
    methods.forEach((m) => set.add(m));
    routesByPath.set(route.url, set);
  });

  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  await app.register(openapiGlue, {
    specification: await loadOpenapiDocument(),
    serviceHandlers: allHandlers(context),
    prefix: basePrefix || undefined,
  });
  const indexHtml = await registerClient(app, config);

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const apiRoot = `${config.basePath}api`;
    const isApi = pathname === apiRoot || pathname.startsWith(`${apiRoot}/`);
    if (!isApi && indexHtml && (request.method === 'GET' || request.method === 'HEAD')) {
      if (pathname.startsWith(config.basePath) && !/\.[A-Za-z0-9]{1,8}$/.test(pathname)) {
        return reply.code(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
      }
      if (config.basePath !== '/' && `${pathname.replace(/\/$/, '')}/` === '/') return reply.redirect(config.basePath);
      if (`${pathname}/` === config.basePath) return reply.redirect(config.basePath);
    }
    const allowed = routesByPath.get(pathname);
    if (isApi && allowed && allowed.size > 0) {
      const allow = [...allowed].filter((m) => m !== 'HEAD').join(', ');
      return reply.code(405).header('allow', allow).send({ detail: `${request.method} is not allowed here; use ${allow}.` });
    }
    return reply.code(404).send({ detail: `Nothing here: ${request.method} ${pathname}` });
  });

  return { app, context };
}

function describeValidation(error: FastifyError): string {
  const first = error.validation?.[0];
  if (!first) return error.message;
  const where = `${error.validationContext ?? 'request'}${first.instancePath.replace(/\//g, '.')}`;
  if (first.keyword === 'required') {
    return `${where}.${String((first.params as { missingProperty?: string }).missingProperty)} is required`;
  }
  if (first.keyword === 'additionalProperties') {
    return `${where} has an unknown field ${String((first.params as { additionalProperty?: string }).additionalProperty)}`;
  }
  return `${where} ${first.message ?? 'is invalid'}`;
}
