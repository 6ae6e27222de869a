using System.Diagnostics;
using DocStore.PostgreSQL.Tests.Models;
using DocStore.PostgreSQL.Tests.Semantics;
using DocStore.PostgreSQL.Tests.Server;
using Npgsql;

namespace DocStore.PostgreSQL.Tests.Layout;

/// <summary>Generated <c>int</c> keys handed out by the server in the insert's own round trip: unique across writers, stored as given keys are, no gaps.</summary>
[Xunit.Collection(PostgresServerGroup.Name)]
public sealed class GeneratedKeyTests(PostgresServer server)
{
    [Fact]
    public async Task An_insert_with_a_generated_key_sends_one_command()
    {
        using var db = MemberDb.OpenPostgres(server.NewSchema());
        db.Members.Insert(TypedCollectionSemantics.NewMember("warm", 1));

        Assert.Equal(1, Commands(() => db.Members.Insert(TypedCollectionSemantics.NewMember("one", 1, tags: ["a", "b"]))));
        Assert.Equal(1, Commands(() => db.Members.InsertMany([.. Enumerable.Range(0, 5).Select(i => TypedCollectionSemantics.NewMember($"many{i}", i, tags: ["c"]))])));
        Assert.Equal(1, await CommandsAsync(async () => await db.Members.InsertAsync(TypedCollectionSemantics.NewMember("async", 2))));
        using (var transaction = db.BeginTransaction())
        {
            db.Members.Insert(transaction, TypedCollectionSemantics.NewMember("in1", 3));
            Assert.Equal(1, Commands(() => db.Members.Insert(transaction, TypedCollectionSemantics.NewMember("in2", 3))));
            transaction.Commit();
        }

        Assert.Equal(Enumerable.Range(1, 10), db.Members.FindAll().Select(m => m.Id));
    }

    [Fact]
    public void A_generated_key_is_stored_byte_for_byte_as_the_same_key_given()
    {
        // Keys whose encodings take one, two and three bytes, and the steps between.
        int[] starts = [250, 65530];
        var generatedSchema = server.NewSchema();
        var givenSchema = server.NewSchema();
        using (var generated = MemberDb.OpenPostgres(generatedSchema))
        using (var given = MemberDb.OpenPostgres(givenSchema))
        {
            foreach (var start in starts)
            {
                var first = Member(start, start);
                first.Id = start;
                generated.Members.Insert(first);
                var batch = Enumerable.Range(start + 1, 10).Select(k => Member(k, start)).ToList();
                var keys = generated.Members.InsertMany(batch);
                Assert.Equal(Enumerable.Range(start + 1, 10), keys);
                Assert.Equal(keys, batch.Select(m => m.Id));

                given.Members.InsertMany([.. Enumerable.Range(start, 11).Select(k =>
                {
                    var member = Member(k, start);
                    member.Id = k;
                    return member;
                })]);
            }
        }

        // Every column: key, sort key, document, index key columns and the typed columns the server fills.
        const string Rows = "SELECT string_agg(to_jsonb(m)::text, E'\\n' ORDER BY id) FROM \"Members\" AS m";
        const string Entries = "SELECT string_agg(id || '|' || encode(entry, 'hex'), E'\\n' ORDER BY entry) FROM \"Members__Tags\"";
        Assert.Equal(Query(givenSchema, Rows), Query(generatedSchema, Rows));
        Assert.Equal(Query(givenSchema, Entries), Query(generatedSchema, Entries));

        using var reopened = MemberDb.OpenPostgres(generatedSchema);
        Assert.Equal(Enumerable.Range(65530, 11), reopened.Members.FindByScore(65530).Select(m => m.Id));
        Assert.Equal(Enumerable.Range(250, 11), reopened.Members.FindByTags("t250").Select(m => m.Id));
    }

    [Fact]
    public async Task Two_contexts_inserting_at_once_get_distinct_keys_each_in_increasing_order()
    {
        var schema = server.NewSchema();
        using var one = MemberDb.OpenPostgres(schema);
        using var two = MemberDb.OpenPostgres(schema);

        // Each writer's keys in the order it received them.
        static async Task<List<int>> Write(MemberDb db, int writer)
        {
            await Task.Yield();
            var keys = new List<int>();
            for (var i = 0; i < 60; i++)
            {
                if (i % 3 == 0)
                {
                    keys.AddRange(await db.Members.InsertManyAsync([NewMember($"w{writer}-{i}a", writer), NewMember($"w{writer}-{i}b", writer)]));
                }
                else
                {
                    keys.Add(i % 2 == 0 ? db.Members.Insert(NewMember($"w{writer}-{i}", writer)) : await db.Members.InsertAsync(NewMember($"w{writer}-{i}", writer)));
                }
            }

            return keys;
        }

        var written = await Task.WhenAll(Task.Run(() => Write(one, 1)), Task.Run(() => Write(two, 2)));

        Assert.Equal(Enumerable.Range(1, 160), written.SelectMany(k => k).Order());
        Assert.Equal(160, one.Members.Count());
        for (var writer = 1; writer <= 2; writer++)
        {
            var keys = written[writer - 1];
            Assert.Equal(80, keys.Count);
            Assert.Equal(keys.Order(), keys);
            Assert.Equal(keys, two.Members.FindByScore(writer).Select(m => m.Id));
            Assert.All(keys, k => Assert.Equal(k, one.Members.Get(k)!.Id));
        }
    }

    [Fact]
    public void A_rolled_back_generated_insert_leaves_no_gap_and_a_committed_one_keeps_its_keys()
    {
        using var db = MemberDb.OpenPostgres(server.NewSchema());
        db.Members.Insert(TypedCollectionSemantics.NewMember("first", 1));
        using (var transaction = db.BeginTransaction())
        {
            Assert.Equal([2, 3], db.Members.InsertMany(transaction, [NewMember("a", 1), NewMember("b", 1)]));
            Assert.Equal("b", db.Members.Get(transaction, 3)!.Handle);
            transaction.Rollback();
        }

        Assert.Null(db.Members.Get(2));
        using (var transaction = db.BeginTransaction())
        {
            Assert.Equal([2, 3], db.Members.InsertMany(transaction, [NewMember("c", 1, "x"), NewMember("d", 1, "x")]));
            Assert.Throws<DuplicateKeyException>(() => db.Members.Insert(transaction, NewMember("c", 2)));
            Assert.Equal(4, db.Members.Insert(transaction, NewMember("e", 1, "x")));
            transaction.Commit();
        }

        Assert.Equal(5, db.Members.Insert(NewMember("f", 1)));
        Assert.Equal([2, 3, 4], db.Members.FindByTags("x").Select(m => m.Id));
    }

    [Fact]
    public void A_batch_past_the_last_int_key_is_refused_and_stores_nothing()
    {
        using var db = MemberDb.OpenPostgres(server.NewSchema());
        var last = NewMember("last", 1);
        last.Id = int.MaxValue - 1;
        db.Members.Insert(last);

        var error = Assert.Throws<KeySequenceExhaustedException>(() => db.Members.InsertMany([NewMember("a", 2), NewMember("b", 2)]));
        Assert.Equal("Members", error.Collection);
        Assert.Equal(1, db.Members.Count());
        Assert.Equal(int.MaxValue, db.Members.Insert(NewMember("c", 2)));
    }

    private static Member NewMember(string handle, int score, params string[] tags) => TypedCollectionSemantics.NewMember(handle, score, tags: tags);

    // A member whose every index key is set, so each key column and entry table holds the key's encoding.
    private static Member Member(int key, int start) =>
        TypedCollectionSemantics.NewMember($"h{key}", start, last: "L", first: $"F{key % 3}", city: "Oslo", tags: [$"t{start}", $"k{key}"]);

    private static string? Query(string connectionString, string sql)
    {
        using var dataSource = NpgsqlDataSource.Create(connectionString);
        using var command = dataSource.CreateCommand(sql);
        return command.ExecuteScalar() as string;
    }

    // The commands Npgsql sends (one activity each) while `action` runs, counted under an activity of this test only.
    private static int Commands(Action action) => CommandsAsync(() =>
    {
        action();
        return Task.CompletedTask;
    }).GetAwaiter().GetResult();

    private static async Task<int> CommandsAsync(Func<Task> action)
    {
        using var parent = new Activity("generated-key-insert").Start();
        var count = 0;
        using var listener = new ActivityListener
        {
            ShouldListenTo = source => source.Name == "Npgsql",
            Sample = (ref ActivityCreationOptions<ActivityContext> _) => ActivitySamplingResult.AllData,
            ActivityStopped = activity =>
            {
                if (activity.TraceId == parent.TraceId)
                {
                    Interlocked.Increment(ref count);
                }
            },
        };
        ActivitySource.AddActivityListener(listener);
        await action();
        return Volatile.Read(ref count);
    }
}
