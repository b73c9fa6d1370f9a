/** Drizzle wraps driver errors; the SQLSTATE is on the error or its cause. */
const sqlState = (err: unknown): string | undefined => {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.code ?? e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
};

export const isUniqueViolation = (err: unknown): boolean => sqlState(err) === '23505';

/** Deadlock or serialisation failure: the transaction did nothing and may simply run again. */
export const isRetryableConflict = (err: unknown): boolean => {
  const s = sqlState(err);
  return s === '40P01' || s === '40001';
};
