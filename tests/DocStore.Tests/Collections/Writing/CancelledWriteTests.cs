using DocStore.Bson.Model;
using DocStore.Tests.Support;

namespace DocStore.Tests.Collections.Writing;

/// <summary>A write of its own whose token is cancelled either throws and has written nothing, or returns having written everything.</summary>
public sealed class CancelledWriteTests : IDisposable
{
    private readonly TempDirectory _dir = new();

    public void Dispose() => _dir.Dispose();

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(499)]
    [InlineData(999)]
    public async Task A_token_cancelled_while_the_documents_are_read_writes_nothing(int cancelAt)
    {
        var path = _dir.File("c.db");
        var db = DocStoreDatabase.Open(path);
        var c = db.GetCollection("c");
        c.Insert(new BsonDocument { { "_id", 1 } });
        using var cancel = new CancellationTokenSource();

        // Documents without _id get generated keys: a call reported cancelled that had committed would
        // leave its caller to insert them all a second time.
        var documents = Enumerable.Range(0, 1000).Select(i =>
        {
            if (i == cancelAt)
            {
                cancel.Cancel();
            }

            return new BsonDocument { { "n", i } };
        });

        await Assert.ThrowsAnyAsync<OperationCanceledException>(async () => await c.InsertManyAsync(documents, cancel.Token));
        Assert.Equal(1, c.Count());
        db.Dispose();

        using var again = DocStoreDatabase.Open(path);
        Assert.Equal(1, again.GetCollection("c").Count());
        Assert.True(again.CheckIntegrity().IsValid);
    }

    [Fact]
    public async Task A_single_insert_cancelled_before_its_commit_writes_nothing_and_the_collection_takes_the_next()
    {
        var path = _dir.File("one.db");
        using (var db = DocStoreDatabase.Open(path))
        {
            var c = db.GetCollection("c");
            using var cancel = new CancellationTokenSource();
            cancel.Cancel();
            await Assert.ThrowsAnyAsync<OperationCanceledException>(async () => await c.InsertAsync(new BsonDocument { { "_id", 7 } }, cancel.Token));
            await c.InsertAsync(new BsonDocument { { "_id", 8 } });
        }

        using var again = DocStoreDatabase.Open(path);
        var names = again.GetCollection("c").FindAll().Select(d => d["_id"].AsInt32).ToArray();
        Assert.Equal([8], names);
    }
}
