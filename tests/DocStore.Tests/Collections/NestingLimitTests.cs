using DocStore.Bson;
using DocStore.Bson.Model;

namespace DocStore.Tests.Collections;

/// <summary>A document nested deeper than <see cref="BsonValue.MaxDepth"/> is refused with a documented <see cref="DocStoreException"/>, and nothing is written.</summary>
public sealed class NestingLimitTests
{
    private static BsonDocument Nested(int depth)
    {
        var outer = new BsonDocument { { "_id", 1 } };
        var current = outer;
        for (var level = 1; level < depth; level++)
        {
            var inner = new BsonDocument();
            current.Add("a", inner);
            current = inner;
        }

        return outer;
    }

    [Fact]
    public void A_document_at_the_limit_is_stored_and_one_past_it_is_a_format_limit()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        var deep = db.GetCollection("deep");
        deep.Insert(Nested(BsonValue.MaxDepth));
        Assert.Equal(Nested(BsonValue.MaxDepth), deep.Get(1));

        var error = Assert.Throws<CBsonLimitException>(() => deep.Upsert(Nested(BsonValue.MaxDepth + 1)));
        Assert.Equal(CBsonLimit.Depth, error.Limit);
        Assert.Equal(DocStoreErrorCode.FormatLimitExceeded, error.ErrorCode);
        Assert.Equal(Nested(BsonValue.MaxDepth), deep.Get(1));
    }
}
