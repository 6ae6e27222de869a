using DocStore.Bson;
using DocStore.BTree;
using DocStore.Generators.RuntimeTests.Infrastructure;
using DocStore.Generators.RuntimeTests.Models;
using DocStore.Metadata;
using DocStore.Tests.Fuzzing;
using Xunit.Abstractions;

namespace DocStore.Generators.RuntimeTests.RoundTrip;

/// <summary>
/// Seeded fuzzing of the generated readers of stored documents (docs/format.md, "Fuzzing"): valid stored
/// bytes of every model, corrupted, are read by the model (the whole document, each index's stored keys,
/// single fields) and through a collection's typed Get and untyped view. A stored document that does not fit
/// may only raise <see cref="DocumentSchemaException"/> or <see cref="BsonFormatException"/>, and never hang.
/// </summary>
public class StoredDocumentFuzzTests(ITestOutputHelper output)
{
    private static bool Allowed(Exception e) => Fuzz.Is<DocumentSchemaException>(e) || Fuzz.Is<BsonFormatException>(e);

    [Fact]
    public void Corrupted_stored_documents_of_every_model_throw_only_schema_or_format_errors()
    {
        var total = (Cases: 0, Rejected: 0);
        void Add((int Cases, int Rejected) r) => total = (total.Cases + r.Cases, total.Rejected + r.Rejected);

        // Each model through its collection (the generated model classes are named by the generator).
        using var db = AppDb.OpenInMemory();
        var defaults = new Everything { Required = "r" };
        Add(FuzzModel(db.Kitchen.Model, [EveryMemberKindTests.Full(), defaults], 0x5701));
        Add(FuzzModel(db.People.Model, [new Person { Id = ObjectId.NewObjectId(), Email = "a@b.c", Age = 3, Address = new() { City = "Oslo", Street = "x" }, Tags = ["t", "u"] }], 0x5702));
        Add(FuzzModel(db.Members.Model, [new Member { Id = 4, Handle = "h", Score = -1, Last = "L", First = "F", Home = new() { City = "Lima" }, Tags = ["a", "b", "a"], Extra = new() { ["k"] = 1 } }], 0x5703));
        Add(FuzzModel(db.Shipments.Model, [new Shipment { Code = "s", Origin = new Point { X = 1, Y = 2 }, Weight = 2.5, Kind = ShipmentKind.Pallet, Carrier = "c", Items = [new Item { Sku = "k", Quantity = 2 }, null] }], 0x5704));
        Add(FuzzModel(db.Shelfs.Model, [new Shelf { Id = 1, Grid = [[1, 2], []], Labels = ["x", null], Counts = [1, null], Rows = [["a"], []], Set = ["s"], Empty = [] }], 0x5705));
        Add(FuzzModel(db.Counters.Model, [new Counter(3, 4)], 0x5706));
        Add(FuzzModel(db.Categories.Model, [new Category(Guid.NewGuid(), "Books")], 0x5707));
        output.WriteLine($"{total.Cases} cases, {total.Rejected} rejected");
        Assert.True(total.Rejected > total.Cases / 10, $"only {total.Rejected} of {total.Cases} were rejected");
    }

    [Fact]
    public void Corrupted_stored_documents_read_through_a_collection_throw_only_schema_or_format_errors()
    {
        using var db = AppDb.OpenInMemory();
        db.Kitchen.Insert(EveryMemberKindTests.Full());
        var fields = db.Kitchen.Fields;
        var valid = Bytes.Write(db.Kitchen.Model, EveryMemberKindTests.Full(), fields);
        var untyped = db.GetCollection("Kitchen");
        string primaryTree;
        byte[] key;
        using (var tx = db.Engine.BeginRead())
        {
            primaryTree = Catalog.CollectionCatalog.FindCollection(tx, "Kitchen")!.PrimaryTree;
            var cursor = tx.OpenTree(primaryTree)!.CreateCursor();
            Assert.True(cursor.SeekFirst());
            key = cursor.Key.ToArray();
        }

        var result = Fuzz.Run("typed Get of stored bytes", 0x5710, 3_000, r => Mutate(r, valid), stored =>
        {
            using (var tx = db.Engine.BeginWrite())
            {
                tx.OpenTree(primaryTree)!.Put(key, stored);
                tx.Commit();
            }

            var rejected = Fuzz.Rejects(() => db.Kitchen.Get(7L), Allowed);
            Fuzz.Rejects(() => _ = db.Kitchen.FindAll().Count(), Allowed);
            Fuzz.Rejects(() => _ = db.Kitchen.FindByLastFirst("Lovelace", "Ada").Count(), Allowed);
            Fuzz.Rejects(() => untyped.Get(7L), Allowed);
            return rejected;
        }, Fuzz.Hex);
        output.WriteLine($"{result.Cases} cases, {result.Rejected} rejected");
        Assert.True(result.Rejected > result.Cases / 10, $"only {result.Rejected} of {result.Cases} were rejected");
    }

    private static (int Cases, int Rejected) FuzzModel<T, TKey>(ICollectionModel<T, TKey> model, T[] documents, int seed)
        where TKey : notnull
    {
        var fields = new FieldDictionary();
        var valid = documents.Select(d => Bytes.Write(model, d, fields)).ToList();
        return Fuzz.Run($"stored {model.CollectionName}", seed, 2_000, r => Mutate(r, valid[r.Next(valid.Count)]), stored =>
        {
            var rejected = Fuzz.Rejects(() => model.Read(stored, fields), Allowed);
            for (var i = 0; i < model.Indexes.Count; i++)
            {
                Fuzz.Rejects(() => Bytes.StoredIndexKeys(model, i, stored, fields), Allowed);
            }

            foreach (var path in model.FieldPaths)
            {
                Fuzz.Rejects(() => model.TryReadField(stored, fields, path, out _), Allowed);
            }

            return rejected;
        }, Fuzz.Hex);
    }

    private static byte[] Mutate(Random random, byte[] valid)
    {
        var bytes = (byte[])valid.Clone();
        switch (random.Next(4))
        {
            case 0:
                // Flipped, replaced or zeroed bytes.
                for (var n = random.Next(1, 4); n > 0; n--)
                {
                    var at = random.Next(bytes.Length);
                    bytes[at] = random.Next(3) switch { 0 => (byte)random.Next(256), 1 => (byte)(bytes[at] ^ (1 << random.Next(8))), _ => 0 };
                }

                return bytes;
            case 1:
                // Cut short, the top-level length patched half the time so the damage is inside.
                bytes = bytes[..random.Next(bytes.Length)];
                if (bytes.Length >= 4 && random.Next(2) == 0)
                {
                    System.Buffers.Binary.BinaryPrimitives.WriteInt32LittleEndian(bytes, bytes.Length);
                }

                return bytes;
            case 2:
                // A type byte changed to another type: a value that no longer fits its member.
                var types = new byte[] { 0x01, 0x02, 0x03, 0x04, 0x05, 0x07, 0x08, 0x09, 0x0A, 0x10, 0x11, 0x12, 0x13, 0x7F, 0xFF };
                for (var n = random.Next(1, 3); n > 0; n--)
                {
                    bytes[random.Next(4, bytes.Length)] = types[random.Next(types.Length)];
                }

                return bytes;
            default:
                // A lying int32 wherever one may be.
                if (bytes.Length > 8)
                {
                    var at = random.Next(bytes.Length - 4);
                    System.Buffers.Binary.BinaryPrimitives.WriteInt32LittleEndian(bytes.AsSpan(at), random.Next(3) switch { 0 => -1, 1 => random.Next(0, 64), _ => random.Next() });
                }

                return bytes;
        }
    }
}
