using DocStore.Storage.Devices;
using DocStore.Tests.Support;

namespace DocStore.Tests.Storage;

public sealed class DirectorySyncTests
{
    [Fact]
    public void Syncing_an_existing_directory_succeeds()
    {
        using var dir = new TempDirectory();
        DirectorySync.Sync(dir.Path);
    }

    [Fact]
    public void Syncing_a_missing_directory_throws_an_io_exception_naming_it()
    {
        if (OperatingSystem.IsWindows())
        {
            return;
        }

        using var dir = new TempDirectory();
        var missing = dir.File("absent");
        var ex = Assert.Throws<IOException>(() => DirectorySync.Sync(missing));
        Assert.Contains(missing, ex.Message, StringComparison.Ordinal);
    }
}
