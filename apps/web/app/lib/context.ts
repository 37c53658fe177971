import type { AppLoadContext } from 'react-router';
import { ApiClient, type Transport } from './api';

declare module 'react-router' {
  interface AppLoadContext {
    /** The in-process API for this request, carrying the shopper's cookies (set by the server). */
    transport: Transport;
    /** The shop's public origin, for canonical URLs and Open Graph. */
    origin: string;
    /**
     * Keeps what `load` answers for every visitor until the next catalogue, stock, content or settings write on any
     * copy (the server's read cache, whose writes drop it). A failed load is not kept.
     */
    shared?: <T>(key: string, load: () => Promise<T>) => Promise<T>;
  }
}

/** What `load` answers, kept for every visitor by the server (`shared` above) when it offers to; else loaded now. */
export function sharedValue<T>(context: Pick<AppLoadContext, 'shared'>, key: string, load: () => Promise<T>): Promise<T> {
  return context.shared ? context.shared(key, load) : load();
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

/** The category tree (every listing and the menus read it): kept for every visitor until a write. */
export function sharedCategories(context: Pick<AppLoadContext, 'transport' | 'shared'>) {
  return sharedValue(context, 'categories', () => apiOf(context).load('GET /Category/GetCategories'));
}
