using DocStore.Storage;
using DocStore.Storage.Encryption;

namespace DocStore.Tests.Storage.Encryption;

/// <summary>
/// A double-write file that a crashed checkpoint left behind, then changed: an entry that fails authentication
/// is never used, and when the page it would have repaired is torn too, opening reports the double-write
/// file and the page instead of reading damage or skipping it unnoticed (docs/storage.md, "Double-write file").
/// </summary>
public sealed class EncryptedDoubleWriteTamperTests
{
    // The test databases have 1 KiB pages; each entry is one slot after the envelope.
    private static readonly SlotLayout Entries = PageDoubleWrite.Layout(1024);

    // The checkpoint writes the pages in the order it logged them in the double-write file, and the power cut
    // tears its first write: entry 0 is the torn page's copy, and the later pages keep their old image.
    private const int TearBytes = 300;

    [Fact]
    public void A_flipped_byte_in_the_torn_pages_entry_is_reported_with_the_double_write_file()
    {
        var (rig, options) = EncryptedDoubleWriteTests.TornCheckpoint();
        Assert.True(EntryCount(rig.DoubleWrite.ToArray()) >= 2, "the checkpoint logged several pages");

        var error = OpenAndRead(rig, options, bytes => FlipInEntry(bytes, 0));

        Assert.Equal("p.db-dw", error.FileName);
        Assert.True(error.PageNumber > 0, $"page {error.PageNumber}");
        Assert.Contains("p.db fails authentication", error.Message);
        Assert.Contains("fail authentication", error.Message[error.Message.IndexOf("double-write", StringComparison.Ordinal)..]);
    }

    [Fact]
    public void Two_swapped_entries_are_reported_with_the_double_write_file()
    {
        var (rig, options) = EncryptedDoubleWriteTests.TornCheckpoint();

        var error = OpenAndRead(rig, options, bytes => SwapEntries(bytes, 0, 1));

        Assert.Equal("p.db-dw", error.FileName);
        Assert.Contains("2 of its", error.Message);
    }

    [Fact]
    public void A_double_write_file_of_another_database_is_reported_when_a_page_needs_it()
    {
        var (rig, options) = EncryptedDoubleWriteTests.TornCheckpoint();
        var (other, _) = EncryptedDoubleWriteTests.TornCheckpoint();
        var foreign = other.DoubleWrite.ToArray();

        var error = OpenAndRead(rig, options, _ => foreign);

        Assert.Equal("p.db-dw", error.FileName);
        Assert.Contains("another database", error.Message);
    }

    [Fact]
    public void A_flipped_entry_of_a_page_the_database_file_holds_whole_is_not_needed()
    {
        // The last page's write was lost, not torn: the database file still holds its previous image, which
        // authenticates, and the WAL brings it forward; its bad copy is never read.
        var (rig, options) = EncryptedDoubleWriteTests.TornCheckpoint();
        var last = EntryCount(rig.DoubleWrite.ToArray()) - 1;

        using var recovered = rig.Reopen(TearBytes, options, alterDoubleWrite: bytes => FlipInEntry(bytes, last));

        EncryptedDoubleWriteTests.AssertIntact(recovered, round: 2);
        recovered.Checkpoint();
        EncryptedDoubleWriteTests.AssertIntact(recovered, round: 2);
    }

    private static DatabaseCorruptException OpenAndRead(Crash.PowerCutRig rig, StorageOptions options, Func<byte[], byte[]> alter) =>
        Assert.Throws<DatabaseCorruptException>(() =>
        {
            using var recovered = rig.Reopen(TearBytes, options, alterDoubleWrite: alter);
            EncryptedDoubleWriteTests.AssertIntact(recovered, round: 2);
        });

    private static long EntryCount(byte[] file) => Entries.LogicalLength(file.Length) / Entries.BlockSize;

    // A byte of the entry's ciphertext (past nonce, tag and length).
    private static byte[] FlipInEntry(byte[] file, long entry)
    {
        var copy = (byte[])file.Clone();
        copy[Entries.SlotOffset(entry) + 100] ^= 0x40;
        return copy;
    }

    private static byte[] SwapEntries(byte[] file, long a, long b)
    {
        var copy = (byte[])file.Clone();
        var size = Entries.SlotSize;
        file.AsSpan((int)Entries.SlotOffset(a), size).CopyTo(copy.AsSpan((int)Entries.SlotOffset(b)));
        file.AsSpan((int)Entries.SlotOffset(b), size).CopyTo(copy.AsSpan((int)Entries.SlotOffset(a)));
        return copy;
    }
}
