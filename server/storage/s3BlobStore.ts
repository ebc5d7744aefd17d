// The S3 blob store: objects in one bucket under the blob keys, read by browsers straight from S3_PUBLIC_URL.
// Staging stays local (BlobStore); publishing uploads each staged file (multipart for big ones) with the served-file
// headers (objectHeaders.ts). Keys are never overwritten by uploads (new keys each time), so readers see whole objects.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  S3Client,
  PutObjectCommand,
  HeadObjectCommand,
  GetObjectCommand,
  DeleteObjectsCommand,
  DeleteObjectCommand,
  ListObjectsV2Command,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { BlobStore, MEDIA_PREFIX, type StoredBlob } from './blobStore.ts';
import type { PendingLedger } from './pendingBlobs.ts';
import type { S3Settings } from './s3Settings.ts';
import { objectHeaders } from './objectHeaders.ts';
import { readHead } from './fileHead.ts';

/** Files at least this large go up in parts (S3's smallest part is 5 MiB). */
export const MULTIPART_FROM_BYTES = 16 * 1024 * 1024;
const PART_BYTES = 8 * 1024 * 1024;
/** Files of one prefix uploaded at once (tiles are many and small). */
const PARALLEL_UPLOADS = 8;

export class S3BlobStore extends BlobStore {
  readonly client: S3Client;
  readonly shared = true;

  constructor(
    dataDir: string,
    readonly settings: S3Settings,
    ledger?: PendingLedger,
  ) {
    super(dataDir, ledger);
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.credentials,
      // Third-party stores (s3rver, older MinIO) do not all speak the newer default checksums.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  override close(): void {
    super.close();
    this.client.destroy();
  }

  url(key: string): string {
    return `${this.settings.publicUrl}/${key.split('/').map(encodeURIComponent).join('/')}`;
  }
  /** Rows of a folder install not yet migrated still say /media/ (that route redirects here). */
  urlPrefixes(): string[] {
    return [`${this.settings.publicUrl}/`, MEDIA_PREFIX];
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return true;
    } catch (e) {
      const err = e as { $metadata?: { httpStatusCode?: number }; name?: string } | undefined;
      if (err?.$metadata?.httpStatusCode === 404 || err?.name === 'NotFound' || err?.name === 'NoSuchKey') return false;
      throw e;
    }
  }

  async read(key: string): Promise<Readable> {
    const out = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }));
    return out.Body as Readable;
  }

  async remove(keyOrPrefix: string): Promise<void> {
    const keys = [keyOrPrefix];
    for await (const b of this.listUnder(`${keyOrPrefix}/`)) keys.push(b.key);
    for (let i = 0; i < keys.length; i += 1000) {
      const batch = keys.slice(i, i + 1000);
      if (batch.length === 1) {
        await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: batch[0] }));
        continue;
      }
      const out = await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.settings.bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      if (out.Errors?.length)
        throw new Error(
          `could not delete ${out.Errors.length} object(s) under ${keyOrPrefix}: ${out.Errors[0].Message}`,
        );
    }
  }

  list(): AsyncIterable<StoredBlob> {
    return this.listUnder('');
  }

  async *listUnder(prefix: string): AsyncIterable<StoredBlob> {
    let token: string | undefined;
    do {
      const out = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.settings.bucket,
          Prefix: prefix || undefined,
          ContinuationToken: token,
        }),
      );
      for (const o of out.Contents ?? []) {
        if (o.Key) yield { key: o.Key, mtimeMs: o.LastModified?.getTime() ?? 0, size: o.Size ?? 0 };
      }
      token = out.IsTruncated ? out.NextContinuationToken : undefined;
    } while (token);
  }

  protected async writeObject(key: string, data: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: key,
        Body: data,
        ContentLength: data.length,
        ...objectHeaders(key, data),
      }),
    );
  }

  /** Uploads one local file under `key`: in one request, or in parts when big. */
  async uploadFile(file: string, key: string): Promise<void> {
    const { size } = await fsp.stat(file);
    const head = await readHead(file);
    const headers = objectHeaders(key, head);
    if (size < MULTIPART_FROM_BYTES) {
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.settings.bucket,
          Key: key,
          Body: await fsp.readFile(file),
          ContentLength: size,
          ...headers,
        }),
      );
      return;
    }
    await new Upload({
      client: this.client,
      partSize: PART_BYTES,
      queueSize: 4,
      leavePartsOnError: false,
      params: { Bucket: this.settings.bucket, Key: key, Body: fs.createReadStream(file), ...headers },
    }).done();
  }

  async publish(localDir: string, prefix: string): Promise<void> {
    const st = await fsp.stat(localDir);
    const files = st.isDirectory()
      ? (await fsp.readdir(localDir, { recursive: true, withFileTypes: true }))
          .filter((e) => e.isFile())
          .map((e) => path.join(e.parentPath, e.name))
      : [localDir];
    const keyOf = (file: string) =>
      file === localDir ? prefix : `${prefix}/${path.relative(localDir, file).split(path.sep).join('/')}`;
    let next = 0;
    const worker = async () => {
      while (next < files.length) {
        const file = files[next++];
        await this.uploadFile(file, keyOf(file));
      }
    };
    // Every worker has stopped before a failure is reported, so a rollback after it removes everything uploaded.
    const results = await Promise.allSettled(Array.from({ length: Math.min(PARALLEL_UPLOADS, files.length) }, worker));
    const failed = results.find((r) => r.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
    await fsp.rm(localDir, { recursive: true, force: true });
  }
}
