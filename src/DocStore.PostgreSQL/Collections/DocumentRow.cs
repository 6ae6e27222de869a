namespace DocStore.PostgreSQL.Collections;

/// <summary>A document as its tables store it: key column value, encoded key, UTF-8 JSON, the entries of each index, and its key as text (for error messages).</summary>
internal sealed record DocumentRow(object Id, byte[] SortKey, byte[] Json, byte[][][] Entries, string KeyText);
