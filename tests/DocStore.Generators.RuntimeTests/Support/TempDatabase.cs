namespace DocStore.Generators.RuntimeTests.Support;

/// <summary>A database path in a fresh temporary folder, deleted (with its WAL) on dispose.</summary>
internal sealed class TempDatabase : IDisposable
{
    private readonly string _folder = System.IO.Path.Combine(System.IO.Path.GetTempPath(), "docstore-collections-" + Guid.NewGuid().ToString("N"));

    public TempDatabase()
    {
        Directory.CreateDirectory(_folder);
        Path = System.IO.Path.Combine(_folder, "test.db");
    }

    public string Path { get; }

    /// <summary>Fsync at checkpoints only: the tests reopen cleanly, so they need no per-commit flush.</summary>
    public static DocStoreOptions Options { get; } = new() { Durability = Durability.Normal };

    public void Dispose()
    {
        try
        {
            Directory.Delete(_folder, recursive: true);
        }
        catch (IOException)
        {
            // A file still open by a failed test; the OS temp cleaner gets it.
        }
    }
}
