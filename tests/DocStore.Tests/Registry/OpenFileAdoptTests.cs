using DocStore.Engine;
using DocStore.Storage;
using DocStore.Tests.Support;

namespace DocStore.Tests.Registry;

/// <summary>The registry closes an engine it opened outside its gate when wrapping it fails (sync and async opens share this step).</summary>
public sealed class OpenFileAdoptTests
{
    [Fact]
    public void An_engine_whose_wrapping_fails_is_closed_and_its_file_can_be_opened_again()
    {
        using var dir = new TempDirectory();
        var path = dir.File("app.db");
        var engine = StorageEngine.Open(path, new StorageOptions());

        var ex = Assert.Throws<InvalidOperationException>(() => OpenFiles.Adopt(engine, _ => throw new InvalidOperationException("wrapping failed")));
        Assert.Equal("wrapping failed", ex.Message);

        // Left open, the engine would still hold the file's exclusive lock.
        using var again = StorageEngine.Open(path, new StorageOptions());
        using var tx = again.BeginRead();
    }
}
