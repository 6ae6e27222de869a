using System.Buffers.Binary;

namespace DocStore.Storage.Pages;

/// <summary>
/// Page 0 (docs/storage.md, "File header"). After the common 16-byte page header:
/// <code>
/// 16 8 bytes magic "DOCSTORE"   24 u32 format version   28 u32 page size
/// 32 u32 page count             36 u32 free-list head   40 u32 free page count
/// 44 u32 catalog root page      48 u32 a page of overflow halves with one half free (0: none)
/// </code>
/// Page 0 changes through the WAL like any page, so its latest version may live in the WAL; only the
/// magic, version and page size (which never change) are read straight from the file at open.
/// </summary>
internal static class HeaderPage
{
    public const int MagicOffset = 16;
    public const int FormatVersionOffset = 24;
    public const int PageSizeOffset = 28;
    private const int PageCountOffset = 32;
    private const int FreeHeadOffset = 36;
    private const int FreeCountOffset = 40;
    private const int CatalogRootOffset = 44;
    private const int OpenHalvesOffset = 48;

    /// <summary>Bytes of page 0 needed to learn the page size before reading the whole page.</summary>
    public const int PrefixSize = 48;

    public static ReadOnlySpan<byte> Magic => "DOCSTORE"u8;

    public static void Initialize(Span<byte> page, int pageSize, uint catalogRoot)
    {
        PageLayout.Initialize(page, PageType.Header);
        Magic.CopyTo(page[MagicOffset..]);
        BinaryPrimitives.WriteUInt32LittleEndian(page[FormatVersionOffset..], DocStoreInfo.FormatVersion);
        BinaryPrimitives.WriteUInt32LittleEndian(page[PageSizeOffset..], (uint)pageSize);
        SetPageCount(page, catalogRoot + 1);
        SetCatalogRoot(page, catalogRoot);
    }

    public static uint GetPageCount(ReadOnlySpan<byte> page) => BinaryPrimitives.ReadUInt32LittleEndian(page[PageCountOffset..]);

    public static void SetPageCount(Span<byte> page, uint value) => BinaryPrimitives.WriteUInt32LittleEndian(page[PageCountOffset..], value);

    public static uint GetFreeHead(ReadOnlySpan<byte> page) => BinaryPrimitives.ReadUInt32LittleEndian(page[FreeHeadOffset..]);

    public static void SetFreeHead(Span<byte> page, uint value) => BinaryPrimitives.WriteUInt32LittleEndian(page[FreeHeadOffset..], value);

    public static uint GetFreeCount(ReadOnlySpan<byte> page) => BinaryPrimitives.ReadUInt32LittleEndian(page[FreeCountOffset..]);

    public static void SetFreeCount(Span<byte> page, uint value) => BinaryPrimitives.WriteUInt32LittleEndian(page[FreeCountOffset..], value);

    public static uint GetCatalogRoot(ReadOnlySpan<byte> page) => BinaryPrimitives.ReadUInt32LittleEndian(page[CatalogRootOffset..]);

    public static void SetCatalogRoot(Span<byte> page, uint value) => BinaryPrimitives.WriteUInt32LittleEndian(page[CatalogRootOffset..], value);

    /// <summary>
    /// A page of overflow halves whose other half the next value that needs one should take (0: none). Kept in
    /// the header, not in memory, so a rollback or a redo replay finds the same page a commit did.
    /// </summary>
    public static uint GetOpenHalves(ReadOnlySpan<byte> page) => BinaryPrimitives.ReadUInt32LittleEndian(page[OpenHalvesOffset..]);

    /// <inheritdoc cref="GetOpenHalves"/>
    public static void SetOpenHalves(Span<byte> page, uint value) => BinaryPrimitives.WriteUInt32LittleEndian(page[OpenHalvesOffset..], value);

    /// <summary>Whether the prefix carries the magic: the file is a DocStore database at all.</summary>
    public static bool HasMagic(ReadOnlySpan<byte> prefix) => prefix[MagicOffset..(MagicOffset + 8)].SequenceEqual(Magic);

    /// <summary>Checks the fixed fields; returns a description of the first problem, or null.</summary>
    public static string? Validate(ReadOnlySpan<byte> prefix, int? expectedPageSize)
    {
        if (!HasMagic(prefix))
        {
            return "not a DocStore file (bad magic)";
        }

        var version = BinaryPrimitives.ReadUInt32LittleEndian(prefix[FormatVersionOffset..]);
        if (version != DocStoreInfo.FormatVersion)
        {
            return $"format version {version} is not supported (this build reads {DocStoreInfo.FormatVersion})";
        }

        var pageSize = (int)BinaryPrimitives.ReadUInt32LittleEndian(prefix[PageSizeOffset..]);
        if (!PageLayout.IsValidPageSize(pageSize))
        {
            return $"invalid page size {pageSize}";
        }

        return expectedPageSize is { } e && e != pageSize ? $"page size {pageSize} differs from the expected {e}" : null;
    }

    public static int ReadPageSize(ReadOnlySpan<byte> prefix) => (int)BinaryPrimitives.ReadUInt32LittleEndian(prefix[PageSizeOffset..]);
}
