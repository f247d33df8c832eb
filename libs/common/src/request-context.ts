import { AsyncLocalStorage } from 'node:async_hooks';

/** What every log line of one request carries. */
export interface RequestContext {
  requestId: string;
  userId?: string | null;
}

const storage = new AsyncLocalStorage<RequestContext>();

export const requestContext = {
  run<T>(ctx: RequestContext, fn: () => T): T {
    return storage.run(ctx, fn);
  },
  get(): RequestContext | undefined {
    return storage.getStore();
  },
};
