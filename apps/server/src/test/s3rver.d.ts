declare module 's3rver' {
  import type { IncomingMessage, Server } from 'node:http';

  interface KoaContext {
    method: string;
    path: string;
    query: Record<string, string | undefined>;
    req: IncomingMessage;
    status: number;
    body: unknown;
    type: string;
    set(name: string, value: string): void;
  }
  type Middleware = (context: KoaContext, next: () => Promise<void>) => Promise<void> | void;

  export default class S3rver {
    constructor(options: {
      address?: string;
      port?: number;
      silent?: boolean;
      directory: string;
      configureBuckets?: { name: string }[];
      resetOnClose?: boolean;
    });
    middleware: Middleware[];
    store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string };
    httpServer: Server;
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
