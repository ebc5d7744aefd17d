// A real S3 protocol server for the tests: s3rver (in this process) on a free port, one fresh bucket per app server.
// Its public answers get what the deploy guide asks of the bucket or CDN in front of it: a sandboxing CSP, nosniff
// and CORS for reads; s3rver itself keeps each object's Content-Type, Content-Disposition and Cache-Control.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { S3Client, CreateBucketCommand } from '@aws-sdk/client-s3';
import { USER_FILE_CSP } from '../../../server/http/servedFiles.ts';

export interface S3Server {
  endpoint: string;
  close(): Promise<void>;
}

const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** Starts s3rver over a fresh temp folder on `port` (0: a free one). */
export async function startS3Server(port = 0): Promise<S3Server> {
  const S3rver = (await import('s3rver')).default;
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
  const s3rver = new S3rver({ directory, silent: true, vhostBuckets: false });
  const handle = s3rver.callback();
  const server = http.createServer((req, res) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') {
      res.setHeader('Content-Security-Policy', USER_FILE_CSP);
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Access-Control-Allow-Origin', '*');
      if (req.method === 'OPTIONS') {
        res.writeHead(204, { 'Access-Control-Allow-Methods': 'GET, HEAD' }).end();
        return;
      }
    }
    handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  // The test file's end ends it: it must not keep the worker alive, and its folder goes with the process.
  server.unref();
  process.once('exit', () => fs.rmSync(directory, { recursive: true, force: true }));
  const endpoint = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    endpoint,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** Creates a fresh bucket and returns the S3_* settings of an app that stores its blobs there. */
export async function freshBucketEnv(endpoint: string): Promise<Record<string, string>> {
  const bucket = `t-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: CREDENTIALS });
  try {
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
  } finally {
    client.destroy();
  }
  return {
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    S3_PUBLIC_URL: `${endpoint}/${bucket}`,
  };
}

let shared: Promise<S3Server> | undefined;

/** The s3rver of this test file (S3_TEST=1 runs every app server of the suite over it), stopped when the file ends. */
export function sharedS3Server(): Promise<S3Server> {
  shared ??= startS3Server();
  return shared;
}

/** Whether the suite runs against S3 (S3_TEST=1). */
export const s3Testing = () => process.env.S3_TEST === '1';
