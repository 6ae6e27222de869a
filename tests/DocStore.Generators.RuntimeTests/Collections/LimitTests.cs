using DocStore.Generators.RuntimeTests.Models;

namespace DocStore.Generators.RuntimeTests.Collections;

/// <summary>Each kind of bad input gets its own clear exception, and nothing is written.</summary>
public class LimitTests
{
    [Fact]
    public void A_key_over_the_engine_limit_throws_KeyTooLongException()
    {
        using var db = AppDb.OpenInMemory();
        var e = Assert.Throws<KeyTooLongException>(() => db.Blobs.Insert(new Blob { Name = new string('k', 5000) }));
        Assert.Equal("Blobs", e.Collection);
        Assert.True(e.Length > e.Limit);
        Assert.Equal(0, db.Blobs.Count());
    }

    [Fact]
    public void An_index_entry_over_the_engine_limit_throws_IndexKeyTooLongException()
    {
        using var db = AppDb.OpenInMemory();
        var e = Assert.Throws<IndexKeyTooLongException>(() => db.Blobs.Insert(new Blob { Name = "n", Label = new string('l', 5000) }));
        Assert.Equal("Label", e.Index);
        Assert.Equal(0, db.Blobs.Count());
    }

    [Fact]
    public void A_document_over_the_maximum_size_throws_DocumentTooLargeException()
    {
        using var db = AppDb.OpenInMemory();
        var e = Assert.Throws<DocumentTooLargeException>(() => db.Blobs.Insert(new Blob { Name = "big", Payload = new byte[17 * 1024 * 1024] }));
        Assert.Equal("Blobs", e.Collection);
        Assert.Equal(0, db.Blobs.Count());
    }

    [Fact]
    public void A_large_document_below_the_limit_is_stored_and_read_back()
    {
        using var db = AppDb.OpenInMemory();
        var payload = new byte[3 * 1024 * 1024];
        new Random(1).NextBytes(payload);
        db.Blobs.Insert(new Blob { Name = "big", Payload = payload });
        Assert.Equal(payload, db.Blobs.Get("big")!.Payload);
    }

    [Fact]
    public void A_null_key_throws_ArgumentNullException()
    {
        using var db = AppDb.OpenInMemory();
        Assert.Throws<ArgumentNullException>(() => db.Blobs.Get(null!));
        Assert.Throws<ArgumentNullException>(() => db.Blobs.Delete(null!));
    }

    [Fact]
    public void A_missing_string_key_is_refused_on_insert()
    {
        using var db = AppDb.OpenInMemory();
        Assert.Throws<InvalidOperationException>(() => db.Blobs.Insert(new Blob { Name = "" }));
        Assert.Equal(0, db.Blobs.Count());
    }

    [Fact]
    public void Use_after_dispose_throws_ObjectDisposedException()
    {
        var db = AppDb.OpenInMemory();
        var people = db.People;
        db.Dispose();
        Assert.Throws<ObjectDisposedException>(() => people.Insert(new Person { Email = "x" }));
        Assert.Throws<ObjectDisposedException>(() => people.Count());
        Assert.Throws<ObjectDisposedException>(() => people.FindByAge(3));
        Assert.Throws<ObjectDisposedException>(() => db.BeginTransaction());
    }
}
