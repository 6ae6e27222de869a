using DocStore.Engine;
using DocStore.Storage;
using DocStore.Tests.Support;

namespace DocStore.Tests.Storage.MultiProcess;

/// <summary>
/// A writable open refused by another process's lock says which sharing mode stands in the way
/// (docs/storage.md, "Which opens go together"): the remedy differs for a shared open beside an exclusive
/// holder and for an exclusive open beside any holder.
/// </summary>
[Collection(BusyChildProcesses.Name)]
public sealed class SharingLockMessageTests
{
    [SharedOpenFact]
    public void An_exclusive_open_beside_a_shared_writer_says_it_needs_the_file_to_itself()
    {
        using var dir = new TempDirectory();
        var path = dir.File("app.db");
        using var other = new CrashHostProcess("sharedtry", path, "0");
        HostLines.WaitFor(other, l => l == "ready", "the shared writer to open");

        var e = Assert.Throws<DatabaseLockedException>(() => StorageEngine.Open(path, new StorageOptions()));
        Assert.Equal(path, e.FileName);
        Assert.Contains("needs the file to itself", e.Message, StringComparison.Ordinal);
        Assert.Contains("Sharing = Shared in every process", e.Message, StringComparison.Ordinal);

        other.CloseInput();
        other.WaitForExit();
    }

    [SharedOpenFact]
    public void A_shared_open_beside_an_exclusive_holder_names_that_holders_mode()
    {
        using var dir = new TempDirectory();
        var path = dir.File("app.db");
        using var other = new CrashHostProcess("hold", path);
        HostLines.WaitFor(other, l => l == "ready", "the exclusive holder to open");

        var e = Assert.Throws<DatabaseLockedException>(() => StorageEngine.Open(path, new StorageOptions { Sharing = DocStoreSharing.Shared }));
        Assert.Equal(path, e.FileName);
        Assert.True(e.Message.Contains("open with Sharing = Exclusive", StringComparison.Ordinal), e.Message);

        other.CloseInput();
        other.WaitForExit();
    }
}
