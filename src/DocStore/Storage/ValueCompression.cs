namespace DocStore;

/// <summary>How a database stores large values (documents) it writes (docs/storage.md, "Compression").</summary>
public enum ValueCompression
{
    /// <summary>Values are stored as they are (the default): reads return page memory without decoding.</summary>
    None = 0,

    /// <summary>
    /// Values of at least 256 bytes are stored Brotli-compressed (quality 3, 4 KiB window) when that saves at least an
    /// eighth of their size; each read decompresses into a new array. Worth it for large text-heavy
    /// documents, at the cost of write and read time.
    /// </summary>
    Brotli = 1,
}
