using DocStore.Generators.RuntimeTests.Models;
using DocStore.Generators.RuntimeTests.Support;

namespace DocStore.Generators.RuntimeTests.Collections;

/// <summary>
/// A typed model owns its collection's indexes, so SQL in its process refuses CREATE INDEX; another process
/// sharing the file can still create one. The model's writes would leave that index without their entries,
/// so its next operation fails instead (docs/storage.md, "Many processes", Limits).
/// </summary>
public sealed class IndexFromAnotherProcessTests
{
    [Fact]
    public void A_typed_writer_refuses_to_write_beside_an_index_another_process_created()
    {
        if (!OperatingSystem.IsLinux())
        {
            return; // Shared opens and folder links as used here are Linux's.
        }

        using var temp = new TempDatabase();
        var folder = Path.GetDirectoryName(temp.Path)!;
        var link = folder + "-link";
        Directory.CreateSymbolicLink(link, folder);
        try
        {
            var options = new DocStoreOptions { Sharing = DocStoreSharing.Shared };
            string collection;
            using (var db = AppDb.Open(temp.Path, options))
            {
                db.People.Insert(new Person { Email = "ada@example.org", Age = 36 });
                collection = db.GetCollectionNames().Single(n => n is "People" or "Person");

                // The same files through a linked folder are another open file to the registry, which keys by
                // path: an open of its own, with locks of its own, as another process's is.
                using (var other = DocStoreDatabase.Open(Path.Combine(link, Path.GetFileName(temp.Path)), options))
                {
                    other.Sql.Execute($"CREATE INDEX byStreet ON {collection} (Address.Street)");
                }

                var e = Assert.Throws<InvalidOperationException>(() => db.People.Insert(new Person { Email = "alan@example.org", Age = 41 }));
                Assert.Contains($"'{collection}'", e.Message);
            }

            using var after = DocStoreDatabase.Open(temp.Path, new DocStoreOptions { ReadOnly = true });
            Assert.Equal(1, after.GetCollection(collection).Count());
            Assert.True(after.CheckIntegrity().IsValid);
        }
        finally
        {
            Directory.Delete(link);
        }
    }
}
