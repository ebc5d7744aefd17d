// The part of s3rver's API the tests use (the package ships no types).
declare module 's3rver' {
  import type { IncomingMessage, ServerResponse } from 'node:http';
  export default class S3rver {
    constructor(options: {
      directory: string;
      silent?: boolean;
      vhostBuckets?: boolean;
      port?: number;
      address?: string;
    });
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
