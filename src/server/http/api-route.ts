import type { FastifyRequest } from 'fastify';

/** True when the route that answers is the API's (its template, so `/%61pi/…` counts too). */
export const isApiRoute = (request: FastifyRequest) => request.routeOptions.url?.startsWith('/api/') ?? false;
