namespace DocStore.PostgreSQL.Collections;

/// <summary>
/// A document as its tables store it: key column value, encoded key, UTF-8 JSON, the entries of each index, and
/// its key as text (for error messages). A row made for an insert holds each index's keys alone, without the
/// encoded key a non-unique entry ends with (the statement appends it); a unique index's entries are the same either way.
/// </summary>
internal sealed record DocumentRow(object Id, byte[] SortKey, byte[] Json, byte[][][] Entries, string KeyText);
