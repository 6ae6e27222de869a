namespace DocStore;

/// <summary>Facts about this build of DocStore.</summary>
public static class DocStoreInfo
{
    /// <summary>The on-disk format version this build writes and reads.</summary>
    public const int FormatVersion = 5;
}
