using System.Buffers.Binary;
using System.Text;
using DocStore.Storage.Redo;

namespace DocStore.Tests.Storage;

/// <summary>
/// A transaction's tree changes, as its redo record carries them: recorded in order, read back exactly,
/// dropped as a whole once too large, and rejected with a <see cref="FormatException"/> when the bytes are
/// malformed, since recovery reads them from a file that may be damaged.
/// </summary>
public sealed class RedoOperationsTests
{
    [Fact]
    public void Puts_and_deletes_read_back_in_order_with_their_trees_keys_and_values()
    {
        var trees = new[] { "t", "users", "données", "日本語の木", string.Empty };
        var random = new Random(7);
        var expected = new List<Operation>();
        var operations = new RedoOperations();
        for (var i = 0; i < 60; i++)
        {
            var tree = Encoding.UTF8.GetBytes(trees[i % trees.Length]);
            var key = new byte[i % 9 == 0 ? 0 : random.Next(1, 300)];
            random.NextBytes(key);
            if (i % 4 == 3)
            {
                operations.AddDelete(tree, key);
                expected.Add(new Operation(RedoOperations.DeleteKind, tree, key, []));
            }
            else
            {
                // Empty values, small ones, and two past any 16-bit length (all within a record's limit).
                var value = new byte[(i % 5) switch { 0 => 0, 1 when i < 10 => 70_000 + i, _ => random.Next(1, 2000) }];
                random.NextBytes(value);
                operations.AddPut(tree, key, value);
                expected.Add(new Operation(RedoOperations.PutKind, tree, key, value));
            }
        }

        Assert.True(operations.Complete);
        var actual = ReadAll(operations.Span.ToArray());
        Assert.Equal(expected.Count, actual.Count);
        for (var i = 0; i < expected.Count; i++)
        {
            Assert.Equal(expected[i].Kind, actual[i].Kind);
            Assert.Equal(expected[i].Tree, actual[i].Tree);
            Assert.Equal(expected[i].Key, actual[i].Key);
            Assert.Equal(expected[i].Value, actual[i].Value);
        }

        Assert.Equal(trees[1], Encoding.UTF8.GetString(actual[1].Tree));
        Assert.Equal(trees[3], Encoding.UTF8.GetString(actual[3].Tree));
    }

    [Fact]
    public void Operations_are_laid_out_as_the_format_documents()
    {
        // Redo records outlive the process that wrote them: the bytes are a file format, not an implementation detail.
        var operations = new RedoOperations();
        operations.AddPut("é"u8.ToArray(), [0xAA, 0xBB], [1, 2, 3]);
        operations.AddDelete("t"u8.ToArray(), [0xCC]);
        byte[] expected =
        [
            1, 2, 0, 0xC3, 0xA9, 2, 0, 0xAA, 0xBB, 3, 0, 0, 0, 1, 2, 3,
            2, 1, 0, (byte)'t', 1, 0, 0xCC,
        ];
        Assert.Equal(expected, operations.Span.ToArray());
    }

    [Fact]
    public void Changes_past_the_maximum_length_stop_the_recording_and_clear_starts_over()
    {
        var operations = new RedoOperations();
        operations.AddDelete("t"u8.ToArray(), [1]);
        var before = operations.Span.ToArray();

        // A put that exactly fills the buffer still fits: 1 kind + 2 + 1 tree + 2 + 0 key + 4 value length.
        var value = new byte[RedoOperations.MaxLength - before.Length - 10];
        operations.AddPut("t"u8.ToArray(), [], value);
        Assert.True(operations.Complete);
        Assert.Equal(RedoOperations.MaxLength, operations.Span.Length);

        // One byte more does not: the buffer keeps what it had, and stays incomplete even for a change that
        // would be small, since a record missing any change must never be replayed.
        operations.AddDelete("t"u8.ToArray(), []);
        Assert.False(operations.Complete);
        Assert.Equal(RedoOperations.MaxLength, operations.Span.Length);
        operations.Clear();
        Assert.True(operations.Complete);
        Assert.True(operations.Span.IsEmpty);

        operations.AddDelete("t"u8.ToArray(), [1]);
        operations.AddPut("t"u8.ToArray(), [2], new byte[RedoOperations.MaxLength]);
        Assert.False(operations.Complete);
        Assert.Equal(before, operations.Span.ToArray());
        operations.AddDelete("t"u8.ToArray(), [3]);
        Assert.Equal(before, operations.Span.ToArray());

        operations.Clear();
        operations.AddPut("u"u8.ToArray(), [4], [5]);
        Assert.True(operations.Complete);
        var after = Assert.Single(ReadAll(operations.Span.ToArray()));
        Assert.Equal(RedoOperations.PutKind, after.Kind);
        Assert.Equal("u"u8.ToArray(), after.Tree);
        Assert.Equal([4], after.Key);
        Assert.Equal([5], after.Value);
    }

    [Fact]
    public void A_run_of_large_transactions_reuses_the_buffer_and_a_run_of_small_ones_gives_it_back()
    {
        // Batches of documents with their change log entries record about 100 KB each: growing the buffer
        // from 4 KiB again for every one of them was a quarter megabyte of garbage per transaction.
        var operations = new RedoOperations();
        var tree = "t"u8.ToArray();
        var key = new byte[8];
        var value = new byte[1000];
        void Transaction(int puts)
        {
            operations.Clear();
            for (var i = 0; i < puts; i++)
            {
                operations.AddPut(tree, key, value);
            }

            Assert.True(operations.Complete);
        }

        Transaction(100);
        var grown = operations.Capacity;
        Assert.True(grown > 100_000);
        var allocated = GC.GetAllocatedBytesForCurrentThread();
        for (var i = 0; i < 20; i++)
        {
            Transaction(100);
        }

        Assert.True(GC.GetAllocatedBytesForCurrentThread() - allocated < grown, "the buffer was allocated again");
        Assert.Equal(grown, operations.Capacity);

        // Small transactions keep it for a while (a batch may come back), then it is given back.
        for (var i = 0; i < 40 && operations.Capacity == grown; i++)
        {
            Transaction(1);
        }

        Assert.True(operations.Capacity <= 64 * 1024);
    }

    [Fact]
    public void Nothing_to_read_is_the_end_at_once()
    {
        Assert.Empty(ReadAll([]));
    }

    [Fact]
    public void Operations_cut_anywhere_inside_an_operation_are_malformed_and_cut_between_them_read_as_far_as_they_go()
    {
        var operations = new RedoOperations();
        operations.AddPut("tree"u8.ToArray(), [1, 2, 3], [4, 5, 6, 7]);
        var afterPut = operations.Span.Length;
        operations.AddDelete("tree"u8.ToArray(), [8, 9]);
        var afterDelete = operations.Span.Length;
        operations.AddPut("x"u8.ToArray(), [], []);
        var bytes = operations.Span.ToArray();

        for (var cut = 1; cut < bytes.Length; cut++)
        {
            var prefix = bytes[..cut];
            if (cut == afterPut || cut == afterDelete)
            {
                Assert.Equal(cut == afterPut ? 1 : 2, ReadAll(prefix).Count);
            }
            else
            {
                Assert.Throws<FormatException>(() => ReadAll(prefix));
            }
        }

        Assert.Equal(3, ReadAll(bytes).Count);
    }

    [Fact]
    public void An_unknown_operation_kind_is_malformed()
    {
        var operations = new RedoOperations();
        operations.AddDelete("t"u8.ToArray(), [1]);
        var valid = operations.Span.ToArray();
        foreach (var kind in new byte[] { 0, 3, 0x7F, 0xFF })
        {
            // First, and after a valid operation (where zero padding would sit if a length were wrong).
            Assert.Throws<FormatException>(() => ReadAll([kind, .. valid]));
            Assert.Throws<FormatException>(() => ReadAll([.. valid, kind, .. valid]));
        }
    }

    [Fact]
    public void A_value_length_that_is_negative_or_runs_past_the_end_is_malformed()
    {
        foreach (var length in new[] { -1, int.MinValue, int.MaxValue, 2 })
        {
            // put, tree "t", empty key, then the length and one byte of value.
            var bytes = new byte[] { RedoOperations.PutKind, 1, 0, (byte)'t', 0, 0, 0, 0, 0, 0, 42 };
            BinaryPrimitives.WriteInt32LittleEndian(bytes.AsSpan(6), length);
            Assert.Throws<FormatException>(() => ReadAll(bytes));
        }
    }

    [Fact]
    public void Damaged_operations_read_or_fail_with_a_format_exception_and_nothing_else()
    {
        // Recovery turns a FormatException into a corruption report naming the record; any other exception
        // (an index out of range from a length read off the damaged bytes) would escape as a crash.
        var random = new Random(31);
        var (parsed, rejected) = (0, 0);
        for (var round = 0; round < 3000; round++)
        {
            var operations = new RedoOperations();
            for (var i = random.Next(1, 5); i > 0; i--)
            {
                var key = new byte[random.Next(0, 12)];
                random.NextBytes(key);
                if (random.Next(3) == 0)
                {
                    operations.AddDelete("tree"u8.ToArray(), key);
                }
                else
                {
                    operations.AddPut("tree"u8.ToArray(), key, new byte[random.Next(0, 20)]);
                }
            }

            var bytes = operations.Span.ToArray();
            for (var flips = random.Next(1, 4); flips > 0; flips--)
            {
                bytes[random.Next(bytes.Length)] = (byte)random.Next(256);
            }

            if (random.Next(2) == 0)
            {
                bytes = bytes[..random.Next(1, bytes.Length + 1)];
            }

            try
            {
                ReadAll(bytes);
                parsed++;
            }
            catch (FormatException)
            {
                rejected++;
            }
        }

        // Both outcomes occur, so the damage reached the lengths and kinds as well as the payloads.
        Assert.True(parsed > 100 && rejected > 100, $"{parsed} parsed, {rejected} rejected");
    }

    private static List<Operation> ReadAll(byte[] bytes)
    {
        var result = new List<Operation>();
        var reader = new RedoOperationReader(bytes);
        while (reader.TryRead(out var kind, out var tree, out var key, out var value))
        {
            result.Add(new Operation(kind, tree.ToArray(), key.ToArray(), value.ToArray()));
        }

        return result;
    }

    private sealed record Operation(byte Kind, byte[] Tree, byte[] Key, byte[] Value);
}
