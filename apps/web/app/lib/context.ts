import { ApiClient, type Transport } from './api';

declare module 'react-router' {
  interface AppLoadContext {
    /** The in-process API for this request, carrying the shopper's cookies (set by the server). */
    transport: Transport;
    /** The shop's public origin, for canonical URLs and Open Graph. */
    origin: string;
  }
}

const clients = new WeakMap<object, ApiClient>();

/** The API client of a loader's context (one per request). */
export function apiOf(context: { transport: Transport }): ApiClient {
  let client = clients.get(context);
  if (!client) {
    client = new ApiClient(context.transport);
    clients.set(context, client);
  }
  return client;
}
