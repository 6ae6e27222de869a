using DocStore.Bson.Model;
using DocStore.Tests.Support;

namespace DocStore.Tests.Storage;

/// <summary>Opening something that is not a database path, or not a database, fails clearly and creates nothing.</summary>
public sealed class OpenRefusalTests : IDisposable
{
    private readonly TempDirectory _dir = new();

    public void Dispose() => _dir.Dispose();

    private string[] Files() => Directory.GetFileSystemEntries(_dir.Path).Select(Path.GetFileName).Order(StringComparer.Ordinal).ToArray()!;

    [Theory]
    [InlineData("Data Source={0}")]
    [InlineData("Data Source={0};Mode=ReadOnly")]
    [InlineData("DataSource = {0}")]
    [InlineData("Filename={0};Connection=shared")]
    [InlineData("{0};Mode=ReadOnly")]
    public void A_connection_string_is_refused_naming_where_settings_go(string shape)
    {
        var text = string.Format(System.Globalization.CultureInfo.InvariantCulture, shape, _dir.File("cs.db"));

        foreach (var readOnly in new[] { false, true })
        {
            var e = Assert.Throws<ArgumentException>(() => DocStoreDatabase.Open(text, new DocStoreOptions { ReadOnly = readOnly }));
            Assert.Contains("connection string", e.Message);
            Assert.Contains("DocStoreOptions", e.Message);
            Assert.Contains("DocStoreConnection", e.Message);
        }

        Assert.Empty(Files());
    }

    [Theory]
    [InlineData("hello\n")]
    [InlineData("id,name\n1,Ada Lovelace\n2,Charles Babbage\n3,Grace Hopper\n4,Edsger Dijkstra\n")]
    public void A_file_that_is_not_a_database_is_named_as_such_and_gets_no_sidecar(string content)
    {
        var path = _dir.File("notes.txt");
        File.WriteAllText(path, content);

        foreach (var readOnly in new[] { false, true })
        {
            var e = Assert.Throws<DatabaseCorruptException>(() => DocStoreDatabase.Open(path, new DocStoreOptions { ReadOnly = readOnly }));
            Assert.Contains("is not a DocStore database", e.Message);
            Assert.Equal(path, e.FileName);
        }

        Assert.Equal(["notes.txt"], Files());
        Assert.Equal(content, File.ReadAllText(path));
    }

    [Fact]
    public void A_path_with_an_equals_sign_alone_is_still_a_path()
    {
        var path = _dir.File("a=b.db");
        using (var db = DocStoreDatabase.Open(path))
        {
            db.GetCollection("c").Insert(new BsonDocument { { "_id", 1 } });
        }

        using var again = DocStoreDatabase.Open(path, new DocStoreOptions { ReadOnly = true });
        Assert.Equal(1, again.GetCollection("c").Count());
    }
}
