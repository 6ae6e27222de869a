namespace DocStore.PostgreSQL.Collections;

/// <summary>A document as its tables store it: key column value, encoded key, JSON, the entries of each index, and its key as text (for error messages).</summary>
internal sealed record DocumentRow(object Id, byte[] SortKey, string Json, byte[][][] Entries, string KeyText);
