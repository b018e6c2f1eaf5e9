import type { S3Client } from '@aws-sdk/client-s3';
import type { FileStore } from '@ecore/core/shared/file-store.ts';
import { checkedKey } from './file-store.ts';

export interface S3FileStoreOptions {
  /** The service's address, e.g. `https://s3.eu-central-1.amazonaws.com` or a MinIO/Ceph/Garage node; unset: AWS by region. */
  endpoint?: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (most S3-compatible servers want it). */
  forcePathStyle: boolean;
  /** Put before every key (e.g. `ecore/`), so that one bucket can hold several portals' files. */
  prefix?: string | undefined;
}

/**
 * Files in an S3-compatible bucket (FILE_STORE=s3), so that every node of a portal sees the same attachments.
 * A PUT of S3 is atomic: the object becomes visible under its key only when all bytes have arrived, so an
 * interrupted upload never leaves a half file (the port's promise); the caller stores the reference after put.
 */
export function createS3FileStore(options: S3FileStoreOptions): FileStore & { close(): void } {
  // The AWS SDK is loaded with the first file asked for, not at start: a portal on a folder never loads it.
  let loaded: Promise<{ sdk: typeof import('@aws-sdk/client-s3'); client: S3Client }> | null = null;
  let made: S3Client | null = null;
  const s3 = () =>
    (loaded ??= import('@aws-sdk/client-s3').then((sdk) => {
      made = new sdk.S3Client({
        ...(options.endpoint ? { endpoint: options.endpoint } : {}),
        region: options.region,
        forcePathStyle: options.forcePathStyle,
        credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
        // Checksums only where S3 requires them: the SDK's default (a CRC32 header on every PUT, validated on
        // every GET) is not understood by every S3-compatible server; the bytes are signed (SigV4) either way.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      });
      return { sdk, client: made };
    }));
  const objectKey = (key: string) => `${options.prefix ?? ''}${checkedKey(key)}`;
  return {
    async put(key, bytes) {
      const Key = objectKey(key);
      const { sdk, client } = await s3();
      await client.send(new sdk.PutObjectCommand({ Bucket: options.bucket, Key, Body: bytes, ContentLength: bytes.byteLength, ContentType: 'application/octet-stream' }));
    },
    async get(key) {
      const Key = objectKey(key);
      const { sdk, client } = await s3();
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket: options.bucket, Key }));
        return answer.Body ? await answer.Body.transformToByteArray() : new Uint8Array();
      } catch (error) {
        if (error instanceof sdk.NoSuchKey || (error instanceof sdk.S3ServiceException && error.$metadata.httpStatusCode === 404)) return null;
        throw error;
      }
    },
    async remove(key) {
      const Key = objectKey(key);
      const { sdk, client } = await s3();
      // DELETE of an unknown key answers 204 on S3: unknown keys are ignored, as the port says.
      await client.send(new sdk.DeleteObjectCommand({ Bucket: options.bucket, Key }));
    },
    close() {
      made?.destroy();
    },
  };
}
