import { randomUUID } from "node:crypto";
import { GetObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import type { Database } from "../db/client";
import { files } from "../db/schema";
import { findOwnFile, metadataColumns, removeOwnFile, sha256Of, toStoredFile, acceptFile, type FileStorage } from "./storage";

export type S3Settings = {
  bucket: string;
  region: string;
  /** An S3-compatible service's address; AWS's own when unset. */
  endpoint?: string;
  forcePathStyle: boolean;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Key prefix inside the bucket, so one bucket can serve several environments. */
  prefix: string;
};

/**
 * Bytes in an S3-compatible bucket, metadata in `files` (so every read is
 * still scoped by company). The object key is made here, never from a name.
 * Removing deletes the row only: it may run inside a transaction that rolls
 * back, and an object deleted then could not be restored. Objects no row
 * refers to are unreachable through the API; a bucket lifecycle rule or a
 * sweep removes them.
 */
export function createS3FileStorage(db: Database, settings: S3Settings): FileStorage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
  });

  return {
    async save({ companyUniqueCode, purpose, bytes: received }, queryDb = db) {
      const { contentType, bytes } = acceptFile(purpose, received);
      const sha256 = sha256Of(bytes);
      const key = `${settings.prefix}${companyUniqueCode}/${randomUUID()}`;
      await client.send(
        new PutObjectCommand({ Bucket: settings.bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.byteLength }),
      );
      const [row] = await queryDb
        .insert(files)
        .values({ companyUniqueCode, purpose, contentType, size: bytes.byteLength, sha256, storage: "s3", storageKey: key })
        .returning(metadataColumns);
      if (!row) throw new Error("Inserting a file returned no row");
      return toStoredFile(row);
    },

    async read(companyUniqueCode, id) {
      const { storage, storageKey, data, ...metadata } = await findOwnFile(db, companyUniqueCode, id);
      // Files saved before S3 was configured stay readable from the database.
      if (storage === "database" && data) return { file: toStoredFile(metadata), bytes: new Uint8Array(data) };
      const object = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: storageKey! }));
      const bytes = await object.Body!.transformToByteArray();
      return { file: toStoredFile(metadata), bytes };
    },

    remove: (companyUniqueCode, id, queryDb = db) => removeOwnFile(queryDb, companyUniqueCode, id),
  };
}
