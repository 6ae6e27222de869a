using DocStore.Bson.Model;
using DocStore.BTree;
using DocStore.Engine;
using DocStore.Storage;
using DocStore.Storage.Pages;
using DocStore.Tests.Support;

namespace DocStore.Tests.Space;

/// <summary><see cref="DocStoreOptions.Compression"/>: exact reads, smaller files, files that mix forms, compaction that converts, damage reported.</summary>
public sealed class CompressionTests
{
    private static readonly string[] Words = ["storage", "page", "tree", "index", "document", "journal", "reader", "writer", "commit", "snapshot"];

    private static DocStoreOptions Options(ValueCompression compression) =>
        new() { PageSize = 4096, Durability = Durability.Normal, Compression = compression };

    private static BsonCollection Items(DocStoreContext db) =>
        db.GetCollection("items", new BsonCollectionOptions { Indexes = [IndexDefinition.On("Group")] });

    // Text of a small vocabulary (compresses well), plus documents that must stay as they are: small ones,
    // random bytes, and one large enough to need overflow pages even compressed.
    private static List<BsonDocument> Documents()
    {
        var random = new Random(7);
        var documents = new List<BsonDocument>();
        for (var i = 0; i < 400; i++)
        {
            var text = string.Join(' ', Enumerable.Range(0, 20 + (i % 300)).Select(_ => Words[random.Next(Words.Length)]));
            documents.Add(new BsonDocument { { "_id", i }, { "Group", i % 5 }, { "Body", text } });
        }

        var noise = new byte[2000];
        random.NextBytes(noise);
        documents.Add(new BsonDocument { { "_id", 1000 }, { "Group", 1 }, { "Body", new BsonBinaryData(noise) } });
        documents.Add(new BsonDocument { { "_id", 1001 }, { "Group", 2 }, { "Body", "short" } });
        var big = new char[200_000];
        for (var i = 0; i < big.Length; i++)
        {
            big[i] = (char)('a' + random.Next(26));
        }

        documents.Add(new BsonDocument { { "_id", 1002 }, { "Group", 3 }, { "Body", new string(big) } });
        return documents;
    }

    private static void AssertHolds(BsonCollection items, List<BsonDocument> expected)
    {
        foreach (var document in expected)
        {
            Assert.Equal(document, items.Get(document["_id"]));
        }

        // A scan reads through the cursor, a get through a point lookup: both decode.
        Assert.Equal(expected.OrderBy(d => d["_id"].AsInt32), items.Scan());

        Assert.Equal(expected.Count(d => d["Group"].AsInt32 == 3), items.CountBy("Group", 3));
    }

    private static long StoredDocumentBytes(DocStoreContext db) => db.GetStatistics()["items"]!.Documents.ValueBytes;

    [Fact]
    public void Compressed_documents_read_back_exactly_and_take_less_room()
    {
        using var dir = new TempDirectory();
        var documents = Documents();
        long plainBytes, packedBytes;
        using (var plain = DocStoreDatabase.Open(dir.File("plain.db"), Options(ValueCompression.None)))
        {
            Items(plain).InsertMany(documents);
            plainBytes = StoredDocumentBytes(plain);
        }

        using (var packed = DocStoreDatabase.Open(dir.File("packed.db"), Options(ValueCompression.Brotli)))
        {
            var items = Items(packed);
            items.InsertMany(documents);
            AssertHolds(items, documents);
            packedBytes = StoredDocumentBytes(packed);
            Assert.True(packed.CheckIntegrity().IsValid, packed.CheckIntegrity().ToString());
        }

        // The text shrinks to well under half; the large random-letter body to about 5 bits a letter.
        Assert.True(packedBytes < plainBytes * 0.7, $"stored document bytes: {packedBytes} compressed, {plainBytes} plain");
        Assert.True(new FileInfo(dir.File("packed.db")).Length < new FileInfo(dir.File("plain.db")).Length);
    }

    [Fact]
    public void Reads_do_not_depend_on_the_setting_and_a_file_may_mix_forms()
    {
        using var dir = new TempDirectory();
        var path = dir.File("mixed.db");
        var documents = Documents();
        using (var db = DocStoreDatabase.Open(path, Options(ValueCompression.Brotli)))
        {
            Items(db).InsertMany(documents.Take(200));
        }

        using (var db = DocStoreDatabase.Open(path, Options(ValueCompression.None)))
        {
            var items = Items(db);
            AssertHolds(items, documents.Take(200).ToList());
            items.InsertMany(documents.Skip(200));

            // An update rewrites a compressed document in this open's form.
            documents[3]["Body"] = "replaced";
            items.Update(documents[3]);
        }

        using (var db = DocStoreDatabase.Open(path, Options(ValueCompression.Brotli)))
        {
            AssertHolds(Items(db), documents);
            Assert.True(db.CheckIntegrity().IsValid, db.CheckIntegrity().ToString());
        }
    }

    [Fact]
    public void Compaction_with_compression_compresses_and_without_it_keeps_each_form()
    {
        using var dir = new TempDirectory();
        var path = dir.File("convert.db");
        var documents = Documents();
        long plainBytes;
        using (var db = DocStoreDatabase.Open(path, Options(ValueCompression.None)))
        {
            Items(db).InsertMany(documents);
            plainBytes = StoredDocumentBytes(db);
        }

        long packedBytes;
        using (var db = DocStoreDatabase.Open(path, Options(ValueCompression.Brotli)))
        {
            db.Compact();
            packedBytes = StoredDocumentBytes(db);
            AssertHolds(Items(db), documents);
            Assert.True(db.CheckIntegrity().IsValid, db.CheckIntegrity().ToString());
        }

        Assert.True(packedBytes < plainBytes * 0.7, $"after compaction with compression: {packedBytes}, before {plainBytes}");
        using (var db = DocStoreDatabase.Open(path, Options(ValueCompression.None)))
        {
            db.Compact();
            Assert.Equal(packedBytes, StoredDocumentBytes(db));
            AssertHolds(Items(db), documents);
        }
    }

    [Theory]
    [InlineData(ValueCompression.Brotli)]
    [InlineData(ValueCompression.None)]
    public void Commits_the_wal_lost_are_replayed_from_the_redo_log_under_either_setting(ValueCompression reopenedWith)
    {
        static StorageOptions Storage(ValueCompression compression) =>
            new() { PageSize = 4096, Durability = Durability.Full, AutoCheckpointFrames = 0, Compression = compression };

        static byte[] Value(int i) => System.Text.Encoding.UTF8.GetBytes(string.Concat(Enumerable.Repeat($"value {i} of a compressible tree ", 20 + i)));

        var db = new FaultInjectingStorageDevice("r.db");
        var wal = new FaultInjectingStorageDevice("r.db-wal");
        var redo = new FaultInjectingStorageDevice("r.db-redo");
        using (var engine = StorageEngine.Open(db, wal, redo, Storage(ValueCompression.Brotli)))
        {
            // Creating the tree commits through the WAL's fsync; the puts after it through redo records only.
            using (var tx = engine.BeginWrite())
            {
                tx.CreateTree("t");
                tx.Commit();
            }

            for (var i = 0; i < 30; i++)
            {
                using var tx = engine.BeginWrite();
                tx.OpenTree("t")!.Put(TestDatabase.Key(i), Value(i));
                tx.Commit();
            }

            Assert.True(wal.UnsyncedWriteCount > 0, "the WAL frames of the puts were synced: nothing to replay");
        }

        using var recovered = StorageEngine.Open(
            new FaultInjectingStorageDevice("r.db", db.PowerCut()),
            new FaultInjectingStorageDevice("r.db-wal", wal.PowerCut()),
            new FaultInjectingStorageDevice("r.db-redo", redo.PowerCut()),
            Storage(reopenedWith));
        using (var tx = recovered.BeginRead())
        {
            var tree = tx.OpenTree("t")!;
            for (var i = 0; i < 30; i++)
            {
                Assert.True(tree.TryGet(TestDatabase.Key(i), out var value), $"key {i} was not replayed");
                Assert.Equal(Value(i), value.ToArray());
            }
        }

        Assert.True(recovered.CheckIntegrity().IsValid, recovered.CheckIntegrity().ToString());
    }

    [Fact]
    public void A_compressed_value_that_does_not_decode_is_reported_with_its_tree_and_page()
    {
        using var engine = TestDatabase.OpenMemory(new StorageOptions { PageSize = 4096, Compression = ValueCompression.Brotli, Durability = Durability.None });
        var text = System.Text.Encoding.UTF8.GetBytes(string.Concat(Enumerable.Repeat("compressible text ", 100)));
        uint leaf;
        using (var tx = engine.BeginWrite())
        {
            var tree = tx.CreateTree("t");
            tree.Put("k"u8, text);
            leaf = tree.RootPage;

            // A checksum-valid page (as a bug, not a torn write, would leave it) whose stream is cut short.
            var page = tx.GetWritable(leaf);
            var length = Node.ValueAt(page, 0, out _, out var offset, out var compressed);
            Assert.True(compressed);
            Assert.True(length < text.Length / 4, $"stored {length} of {text.Length} bytes");
            page.AsSpan(offset + (length / 2), length - (length / 2)).Clear();
            tx.Commit();
        }

        using (var tx = engine.BeginRead())
        {
            var ex = Assert.Throws<DatabaseCorruptException>(() => tx.OpenTree("t")!.TryGet("k"u8, out _));
            Assert.Equal(leaf, ex.PageNumber);
            Assert.Contains("tree 't'", ex.Message, StringComparison.Ordinal);
            Assert.Contains("does not decode", ex.Message, StringComparison.Ordinal);
        }

        var report = engine.CheckIntegrity();
        Assert.Contains(report.Problems, p => p == $"page {leaf}: the compressed value 0 in tree 't' does not decode");
    }
}
