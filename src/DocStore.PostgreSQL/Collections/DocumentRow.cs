namespace DocStore.PostgreSQL.Collections;

/// <summary>A document as its table and entry tables store it: key column value, encoded key, UTF-8 JSON, and the entries of each index.</summary>
internal sealed record DocumentRow(object Id, byte[] SortKey, byte[] Json, byte[][][] Entries);
