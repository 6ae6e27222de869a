using DocStore.Generators.RuntimeTests.Infrastructure;
using DocStore.Generators.RuntimeTests.Models;
using DocStore.Generators.RuntimeTests.Models.Awkward;

namespace DocStore.Generators.RuntimeTests.RoundTrip;

/// <summary>Members named like the generated code's own parameters, locals and helpers keep their meaning.</summary>
public class AwkwardNameTests
{
    private static Reader Sample()
    {
        var reader = new Reader
        {
            Writer = "w",
            Key = "k",
            Fields = 1,
            Ids = ["a", "b"],
            Value = new() { Writer = "vw", Reader = 2, Fields = 3, Ids = 4, Result = 5 },
            Pair = new(6, "pf", 7, 8) { Extra = 9, HasExtra = 10 },
            Items = [new() { Reader = 11 }, new() { Reader = 12 }],
            Result = 13,
            Keys = 14,
            Document = "d",
            Options = 15,
            Element = "e",
            Class = 16,
            Int = 17,
            Label = "l",
            Array = [18, 19],
            Item = ["x"],
            Dictionary = { ["n"] = null, ["s"] = "t" },
            Model = 20,
            DocumentModel = 21,
            Field = 22,
        };
        reader.Rename("name");
        return reader;
    }

    [Fact]
    public void A_document_with_members_named_like_generated_locals_round_trips()
    {
        Reader original = Sample();
        Reader copy = Bytes.RoundTrip(ReaderCollection.DocumentModel, original);

        Assert.Equal(original.Writer, copy.Writer);
        Assert.Equal("k", copy.Key);
        Assert.Equal(1, copy.Fields);
        Assert.Equal(["a", "b"], copy.Ids);
        Assert.Equal((2, 3, 4, 5, "vw"), (copy.Value!.Reader, copy.Value.Fields, copy.Value.Ids, copy.Value.Result, copy.Value.Writer));
        Assert.Equal(original.Pair, copy.Pair);
        Assert.Equal([11, 12], copy.Items.Select(i => i.Reader));
        Assert.Equal((13, 14, "d", 15, "e", 16, 17, "l"), (copy.Result, copy.Keys, copy.Document, copy.Options, copy.Element, copy.Class, copy.Int, copy.Label));
        Assert.Equal([18, 19], copy.Array);
        Assert.Equal(["x"], copy.Item);
        Assert.Equal(original.Dictionary, copy.Dictionary);
        Assert.Equal((20, 21, "name", 22), (copy.Model, copy.DocumentModel, copy.Name, copy.Field));
    }

    [Fact]
    public void Field_readers_and_index_queries_use_the_members_not_the_locals()
    {
        var fields = new Bson.FieldDictionary();
        byte[] stored = Bytes.Write(ReaderCollection.DocumentModel, Sample(), fields);
        Assert.True(ReaderCollection.TryReadKey(stored, fields, out string? key));
        Assert.Equal("k", key);
        Assert.True(ReaderCollection.TryReadValueReader(stored, fields, out int valueReader));
        Assert.Equal(2, valueReader);
        Assert.True(ReaderCollection.TryReadField(stored, fields, out int field));
        Assert.Equal(22, field);
        Assert.True(ReaderCollection.DocumentModel.TryReadField(stored, fields, "Pair.Fields", out object? pairFields));
        Assert.Equal("pf", pairFields);

        using var db = AppDb.OpenInMemory();
        db.Readers.Insert(Sample());
        Assert.Single(db.Readers.FindByWriterKey("w", "k"));
        Assert.Single(db.Readers.FindByValueWriter("vw"));
        Assert.Single(db.Readers.FindByIds("b"));
        Assert.Single(db.Readers.FindByItemsReader(12));
        Assert.Single(db.Readers.FindByOptions(15));
        Assert.Single(db.Readers.FindByKeys(14));
        Assert.Single(db.Readers.FindByDocument("d"));
        Assert.Single(db.Readers.FindByElement("e"));
        Assert.Equal(1, db.Readers.CountByClass(16));
        Assert.Empty(db.Readers.FindByClass(17));
        Assert.Single(db.Readers.FindByArray(19));
    }
}
