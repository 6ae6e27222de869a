using Dapper;

namespace DocStore.Data.Tests;

/// <summary>A file open in the process fixes its engine's options: a later opener that sets one to another value fails, naming it.</summary>
public sealed class OptionConflictTests
{
    public static TheoryData<string, DocStoreOptions, string, string> Conflicts => new()
    {
        { "ReadOnly", new DocStoreOptions { ReadOnly = true }, "False", "True" },
        { "Durability", new DocStoreOptions { Durability = Durability.Normal }, "Full", "Normal" },
        { "CacheSizePages", new DocStoreOptions { CacheSizePages = 64 }, "4096", "64" },
        { "WriteLockTimeout", new DocStoreOptions { WriteLockTimeout = TimeSpan.FromSeconds(2) }, "00:00:30", "00:00:02" },
        { "AutoCheckpointFrames", new DocStoreOptions { AutoCheckpointFrames = 0 }, "256", "0" },
        { "JournalSizeLimit", new DocStoreOptions { JournalSizeLimit = 1 << 20 }, "4194304", "1048576" },
        { "UnbufferedWalWrites", new DocStoreOptions { UnbufferedWalWrites = false }, "True", "False" },
        { "RedoLog", new DocStoreOptions { RedoLog = false }, "True", "False" },
        { "Compression", new DocStoreOptions { Compression = ValueCompression.Brotli }, "None", "Brotli" },
    };

    [Theory]
    [MemberData(nameof(Conflicts))]
    public void A_second_open_with_another_value_fails_naming_the_option_both_values_and_the_file(string option, DocStoreOptions asked, string open, string wanted)
    {
        using var temp = new TempDb();
        using var first = ShopDb.Open(temp.Path);
        var error = Assert.Throws<DatabaseLockedException>(() => DocStoreDatabase.Open(temp.Path, asked));
        Assert.Contains($"{option}={open}", error.Message, StringComparison.Ordinal);
        Assert.Contains($"{option}={wanted}", error.Message, StringComparison.Ordinal);
        Assert.Contains(temp.Path, error.Message, StringComparison.Ordinal);
        Assert.Equal(temp.Path, error.FileName);

        // The first opener is untouched.
        first.Customers.Insert(new Customer { Id = 1, Name = "Ann" });
        Assert.Equal(1L, first.Customers.Count());
    }

    [Fact]
    public void Options_left_unset_take_the_open_databases_and_the_same_value_given_again_shares()
    {
        using var temp = new TempDb();
        using var first = DocStoreDatabase.Open(temp.Path, new DocStoreOptions { Durability = Durability.Normal, CacheSizePages = 64 });
        using (var unset = ShopDb.Open(temp.Path))
        using (var empty = DocStoreDatabase.Open(temp.Path, new DocStoreOptions()))
        using (var same = DocStoreDatabase.Open(temp.Path, new DocStoreOptions { Durability = Durability.Normal }))
        {
            unset.Customers.Insert(new Customer { Id = 1, Name = "Ann" });
            Assert.Equal(1L, same.GetCollection("Customers").Count());
        }

        // A connection string that does not mention an option never conflicts; one that sets another value does.
        using (var connection = new DocStoreConnection(temp.ConnectionString))
        {
            connection.Open();
            Assert.Equal(1, connection.ExecuteScalar<int>("SELECT COUNT(*) FROM Customers"));
        }

        using var conflicting = new DocStoreConnection(temp.ConnectionString + ";Durability=Full");
        var error = Assert.Throws<DatabaseLockedException>(conflicting.Open);
        Assert.Contains("Durability=Normal", error.Message, StringComparison.Ordinal);
        Assert.Contains("Durability=Full", error.Message, StringComparison.Ordinal);

        using var cache = new DocStoreConnection(temp.ConnectionString + ";Cache Size=128");
        error = Assert.Throws<DatabaseLockedException>(cache.Open);
        Assert.Contains("CacheSizePages=64", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void A_typed_context_after_a_connection_that_set_options_takes_them_unless_it_sets_others()
    {
        using var temp = new TempDb();
        using var connection = new DocStoreConnection(temp.ConnectionString + ";Durability=Normal");
        connection.Open();
        using (var db = ShopDb.Open(temp.Path))
        {
            db.Customers.Insert(new Customer { Id = 1, Name = "Ann" });
        }

        var error = Assert.Throws<DatabaseLockedException>(() => ShopDb.Open(temp.Path, new DocStoreOptions { Durability = Durability.Full }));
        Assert.Contains("Durability", error.Message, StringComparison.Ordinal);
        Assert.Equal(1, connection.ExecuteScalar<int>("SELECT COUNT(*) FROM Customers"));
    }

    [Fact]
    public void An_open_that_leaves_read_only_unset_asks_to_write_and_is_refused_by_a_read_only_file()
    {
        using var temp = new TempDb();
        temp.Seed().Dispose();
        using var reader = DocStoreDatabase.Open(temp.Path, new DocStoreOptions { ReadOnly = true });
        var typed = Assert.Throws<DatabaseLockedException>(() => ShopDb.Open(temp.Path));
        Assert.Contains("ReadOnly=True", typed.Message, StringComparison.Ordinal);
        Assert.Contains("ReadOnly=False", typed.Message, StringComparison.Ordinal);

        using var connection = new DocStoreConnection(temp.ConnectionString);
        Assert.Throws<DatabaseLockedException>(connection.Open);

        // Asking for read-only shares the open file.
        using var readOnly = new DocStoreConnection(temp.ConnectionString + ";Mode=ReadOnly");
        readOnly.Open();
        Assert.Equal(3, readOnly.ExecuteScalar<int>("SELECT COUNT(*) FROM Customers"));
    }

    [Fact]
    public void Page_size_only_shapes_a_new_file_and_does_not_conflict()
    {
        using var temp = new TempDb();
        using var first = DocStoreDatabase.Open(temp.Path, new DocStoreOptions { PageSize = 4096 });
        using var second = DocStoreDatabase.Open(temp.Path, new DocStoreOptions { PageSize = 16384 });
        Assert.False(second.IsDisposed);
    }
}
