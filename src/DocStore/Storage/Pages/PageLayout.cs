using System.Buffers.Binary;

namespace DocStore.Storage.Pages;

/// <summary>
/// The 16-byte header every page starts with (docs/storage.md, "Pages"):
/// <code>
/// 0  u32 CRC32C of bytes 4..end, seeded with the page number
/// 4  u8  page type        5  u8 reserved (0)
/// 6  u16 cell count       8  u16 start of the cell content area
/// 10 u16 fragmented bytes 12 u32 link (branch: rightmost child; overflow and trunk: next page)
/// </code>
/// </summary>
internal static class PageLayout
{
    public const int HeaderSize = 16;
    public const int MinPageSize = 512;
    public const int MaxPageSize = 32768;
    public const int DefaultPageSize = 8192;

    public static bool IsValidPageSize(int pageSize) =>
        pageSize is >= MinPageSize and <= MaxPageSize && (pageSize & (pageSize - 1)) == 0;

    public static PageType GetType(ReadOnlySpan<byte> page) => (PageType)page[4];

    public static void SetType(Span<byte> page, PageType type) => page[4] = (byte)type;

    public static int GetCount(ReadOnlySpan<byte> page) => BinaryPrimitives.ReadUInt16LittleEndian(page[6..]);

    public static void SetCount(Span<byte> page, int count) => BinaryPrimitives.WriteUInt16LittleEndian(page[6..], (ushort)count);

    public static uint GetLink(ReadOnlySpan<byte> page) => BinaryPrimitives.ReadUInt32LittleEndian(page[12..]);

    public static void SetLink(Span<byte> page, uint link) => BinaryPrimitives.WriteUInt32LittleEndian(page[12..], link);

    /// <summary>Clears <paramref name="page"/> and writes an empty header of <paramref name="type"/>.</summary>
    public static void Initialize(Span<byte> page, PageType type)
    {
        page.Clear();
        SetType(page, type);
        BinaryPrimitives.WriteUInt16LittleEndian(page[8..], (ushort)page.Length);
    }
}
