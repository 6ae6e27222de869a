using DocStore.Generators.RuntimeTests.Models;
using DocStore.Generators.RuntimeTests.Support;

namespace DocStore.Generators.RuntimeTests.Collections;

/// <summary>A typed context opened read-only reads every collection and index and refuses every write with the ReadOnly code.</summary>
public class ReadOnlyContextTests
{
    [Fact]
    public async Task Reads_and_queries_work_and_every_write_throws_ReadOnly()
    {
        using var temp = new TempDatabase();
        ObjectId key;
        using (var db = AppDb.Open(temp.Path, TempDatabase.Options))
        {
            key = db.People.Insert(new Person { Email = "ada@example.org", Age = 36, Address = new() { City = "London" } });
            db.Kitchen.Insert(new Everything { Id = 3, Required = "r" });
        }

        var files = Directory.GetFiles(Path.GetDirectoryName(temp.Path)!).ToDictionary(f => f, File.ReadAllBytes);
        using (var db = AppDb.Open(temp.Path, new DocStoreOptions { ReadOnly = true }))
        {
            Assert.Equal(36, db.People.Get(key)!.Age);
            Assert.Equal(key, db.People.FindByEmail("ada@example.org")!.Id);
            Assert.Single(db.People.FindByAddressCity("London"));
            Assert.Equal(1, db.Kitchen.Count());

            var insert = Assert.Throws<DatabaseReadOnlyException>(() => db.People.Insert(new Person { Email = "grace@example.org" }));
            Assert.Equal(DocStoreErrorCode.ReadOnly, insert.ErrorCode);
            Assert.Throws<DatabaseReadOnlyException>(() => db.People.Delete(key));
            await Assert.ThrowsAsync<DatabaseReadOnlyException>(async () => await db.Kitchen.InsertAsync(new Everything { Required = "r" }));
            Assert.Throws<DatabaseReadOnlyException>(() => db.BeginTransaction());
            Assert.True(db.CheckIntegrity().IsValid);
        }

        foreach (var (file, bytes) in files)
        {
            Assert.Equal(bytes, File.ReadAllBytes(file));
        }
    }
}
