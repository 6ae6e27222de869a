using DocStore.PostgreSQL.Tests.Models;
using DocStore.PostgreSQL.Tests.Server;

namespace DocStore.PostgreSQL.Tests.Semantics;

/// <summary>
/// The documents of one walk share their equal short strings (read through one table from the second document
/// on); separate reads share nothing, so no string outlives its read in a table of the collection's.
/// </summary>
[Xunit.Collection(PostgresServerGroup.Name)]
public sealed class WalkStringSharingTests(PostgresServer server)
{
    [Fact]
    public async Task A_walks_documents_share_equal_strings_and_separate_reads_do_not()
    {
        using var db = MemberDb.OpenPostgres(server.NewSchema());
        db.Members.InsertMany([.. Enumerable.Range(1, 5).Select(i => TypedCollectionSemantics.NewMember("m" + i, 7, city: "Lyon", tags: ["red", "blue"]))]);

        var streamed = db.Members.FindByScore(7).ToList();
        var awaited = await ToListAsync(db.Members.FindByScoreRangeAsync(7, 7));
        List<Member> buffered;
        using (var transaction = db.BeginTransaction())
        {
            buffered = [.. db.Members.FindByScore(transaction, 7)];
        }

        foreach (var walk in new[] { streamed, awaited, buffered })
        {
            Assert.Equal(5, walk.Count);
            for (var i = 2; i < walk.Count; i++)
            {
                Assert.Same(walk[1].Home!.City, walk[i].Home!.City);
                Assert.Same(walk[1].Tags[0], walk[i].Tags[0]);
                Assert.Same(walk[1].Last, walk[i].Last);
            }

            Assert.Equal(["red", "blue"], walk[4].Tags);
        }

        Assert.NotSame(streamed[1].Home!.City, awaited[1].Home!.City);
        Assert.NotSame(db.Members.Get(streamed[1].Id)!.Home!.City, db.Members.Get(streamed[2].Id)!.Home!.City);
    }

    private static async Task<List<Member>> ToListAsync(IAsyncEnumerable<Member> members)
    {
        var list = new List<Member>();
        await foreach (var member in members)
        {
            list.Add(member);
        }

        return list;
    }
}
