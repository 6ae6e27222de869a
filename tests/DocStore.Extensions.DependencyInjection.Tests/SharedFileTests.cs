using DocStore.Data;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;

namespace DocStore.Extensions.DependencyInjection.Tests;

/// <summary>
/// A hosted context and a connection on one file share one open database; the hosted context sets only the
/// options its configuration gave, so the ones it left out take the open database's values.
/// </summary>
public sealed class SharedFileTests : IDisposable
{
    private readonly string _dir = Directory.CreateTempSubdirectory("docstore-di-").FullName;

    public void Dispose()
    {
        DocStoreConnection.ClearAllPools();
        Directory.Delete(_dir, recursive: true);
    }

    private ServiceProvider Hosted(string path, params (string Key, string Value)[] keys)
    {
        var pairs = keys.Select(k => KeyValuePair.Create("DocStore:" + k.Key, (string?)k.Value)).Append(KeyValuePair.Create("DocStore:Path", (string?)path));
        var configuration = new ConfigurationBuilder().AddInMemoryCollection(pairs).Build();
        return new ServiceCollection().AddDocStore<NotesDb>(configuration.GetSection("DocStore")).BuildServiceProvider();
    }

    [Fact]
    public void Options_the_configuration_did_not_set_do_not_conflict_with_an_open_connection()
    {
        var path = Path.Combine(_dir, "shared.db");
        using var connection = new DocStoreConnection($"Data Source={path};Durability=Normal;Cache Size=64;Pooling=False");
        connection.Open();

        using var provider = Hosted(path, ("Compression", "None"));
        var db = provider.GetRequiredService<NotesDb>();
        db.Notes.Insert(new Note { Id = 1, Text = "beside a connection" });

        using var command = connection.CreateCommand();
        command.CommandText = "SELECT COUNT(*) FROM Notes";
        Assert.Equal(1L, Convert.ToInt64(command.ExecuteScalar(), System.Globalization.CultureInfo.InvariantCulture));
    }

    [Fact]
    public void An_option_the_configuration_set_to_another_value_still_conflicts_naming_it()
    {
        var path = Path.Combine(_dir, "conflict.db");
        using var connection = new DocStoreConnection($"Data Source={path};Durability=Normal;Pooling=False");
        connection.Open();

        using var provider = Hosted(path, ("Durability", "Full"));
        var e = Assert.Throws<DatabaseLockedException>(() => provider.GetRequiredService<NotesDb>());
        Assert.Contains("Durability", e.Message);
    }
}
