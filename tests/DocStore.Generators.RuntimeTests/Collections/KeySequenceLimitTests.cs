using DocStore.Bson.Model;
using DocStore.Generators.RuntimeTests.Models;
using DocStore.Generators.RuntimeTests.Support;

namespace DocStore.Generators.RuntimeTests.Collections;

/// <summary>Generated integer keys stop at the largest value of their type with a clear error; they never wrap.</summary>
public class KeySequenceLimitTests
{
    [Fact]
    public void A_long_key_sequence_ends_at_long_MaxValue()
    {
        using var db = AppDb.OpenInMemory();
        Assert.Equal(long.MaxValue, db.Kitchen.Insert(new Everything { Id = long.MaxValue, Required = "r" }));
        var e = Assert.Throws<KeySequenceExhaustedException>(() => db.Kitchen.Insert(new Everything { Required = "r" }));
        Assert.Equal(DocStoreErrorCode.KeySequenceExhausted, e.ErrorCode);
        Assert.Equal("Kitchen", e.Collection);
        Assert.Contains("'Kitchen'", e.Message, StringComparison.Ordinal);
        Assert.Equal(1, db.Kitchen.Count());

        // Explicit keys below the largest still insert.
        Assert.Equal(5L, db.Kitchen.Insert(new Everything { Id = 5, Required = "r" }));
        Assert.Throws<KeySequenceExhaustedException>(() => db.Kitchen.Insert(new Everything { Required = "r" }));
    }

    [Fact]
    public void An_int_key_sequence_ends_at_int_MaxValue()
    {
        using var db = AppDb.OpenInMemory();
        Assert.Equal(int.MaxValue, db.Counters.Insert(new Counter(int.MaxValue, 1)));
        var e = Assert.Throws<KeySequenceExhaustedException>(() => db.Counters.Insert(new Counter(0, 2)));
        Assert.Equal("Counters", e.Collection);
        Assert.Equal(1, db.Counters.Count());
    }

    [Fact]
    public void The_end_of_the_sequence_is_found_again_after_a_reopen()
    {
        using var temp = new TempDatabase();
        using (var db = AppDb.Open(temp.Path, TempDatabase.Options))
        {
            db.Kitchen.Insert(new Everything { Id = long.MaxValue, Required = "r" });
        }

        using var again = AppDb.Open(temp.Path, TempDatabase.Options);
        Assert.Throws<KeySequenceExhaustedException>(() => again.Kitchen.Insert(new Everything { Required = "r" }));
    }

    [Fact]
    public void An_untyped_sequence_ends_at_long_MaxValue()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        var numbers = db.GetCollection("numbers", new BsonCollectionOptions { KeyGeneration = KeyGeneration.Sequence });
        numbers.Insert(new BsonDocument { { "_id", long.MaxValue } });
        var e = Assert.Throws<KeySequenceExhaustedException>(() => numbers.Insert(new BsonDocument { { "n", 1 } }));
        Assert.Equal("numbers", e.Collection);
        Assert.Equal(1, numbers.Count());
    }
}
