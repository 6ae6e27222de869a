using DocStore.Generators.RuntimeTests.Models;

namespace DocStore.Generators.RuntimeTests.Collections;

/// <summary>
/// Point reads go through a registered snapshot with stack-encoded keys: no transaction, tree or key array.
/// What they allocate is the decoded document and the result, nothing that depends on the read path.
/// </summary>
public sealed class PointReadAllocationTests
{
    [Fact]
    public void Exists_allocates_nothing_on_a_snapshot_or_in_a_transaction()
    {
        using var db = Open(500);
        db.Blobs.Insert(new Blob { Name = "b77", Label = "l" });
        using var tx = db.BeginTransaction();

        Assert.Equal(0, Allocated(() => db.Blobs.Exists("b77")));
        Assert.Equal(0, Allocated(() => db.Blobs.Exists(tx, "b77")));
    }

    [Fact]
    public void A_unique_find_allocates_no_more_than_a_get_of_the_same_document()
    {
        using var db = Open(500);

        var get = Allocated(() => db.Members.Get(77) is not null);
        var unique = Allocated(() => db.Members.FindByHandle("h77") is not null);

        Assert.True(unique <= get, $"the unique find allocates {unique} bytes, the get {get}");
    }

    [Fact]
    public void A_prepared_point_query_costs_the_same_in_a_collection_ten_times_larger()
    {
        using var db = Open(500);
        var byKey = db.Sql.Prepare("SELECT * FROM Members WHERE Id = @id");
        var byHandle = db.Sql.Prepare("SELECT * FROM Members WHERE Handle = @h");
        var key = new SqlParameters().Add("id", 77);
        var handle = new SqlParameters().Add("h", "h77");
        var small = (Allocated(() => byKey.Query<Member>(key).Count == 1), Allocated(() => byHandle.Query<Member>(handle).Count == 1));

        db.Members.InsertMany(Enumerable.Range(501, 4500).Select(Member));
        var large = (Allocated(() => byKey.Query<Member>(key).Count == 1), Allocated(() => byHandle.Query<Member>(handle).Count == 1));

        Assert.Equal(small, large);
    }

    private static AppDb Open(int members)
    {
        var db = AppDb.OpenInMemory();
        db.Members.InsertMany(Enumerable.Range(1, members).Select(Member));
        return db;
    }

    private static Member Member(int id) => new() { Id = id, Handle = "h" + id, Score = id % 4 };

    /// <summary>Bytes one read allocates on this thread, averaged over many after a warm-up; the read must succeed.</summary>
    private static long Allocated(Func<bool> read)
    {
        for (var i = 0; i < 5; i++)
        {
            Assert.True(read());
        }

        const int Reads = 100;
        var before = GC.GetAllocatedBytesForCurrentThread();
        for (var i = 0; i < Reads; i++)
        {
            read();
        }

        return (GC.GetAllocatedBytesForCurrentThread() - before) / Reads;
    }
}
