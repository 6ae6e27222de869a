using DocStore.Storage.Devices;

namespace DocStore.Tests.Support;

/// <summary>
/// A fact about writes that bypass the page cache: reported as skipped, with the reason, where the temp
/// directory's file system refuses them (tmpfs, some network file systems) or the system is not Linux, since
/// no write there reaches the code under test.
/// </summary>
internal sealed class DirectIoFactAttribute : FactAttribute
{
    // The file system does not change between the tests that carry this attribute: probed once.
    private static readonly Lazy<bool> TakesDirectIo = new(TempDirectoryTakesDirectIo);

    public DirectIoFactAttribute()
    {
        if (!TakesDirectIo.Value)
        {
            Skip = "The temp directory's file system does not take O_DIRECT writes (or this is not Linux), so no write is handed to the kernel's queue.";
        }
    }

    private static bool TempDirectoryTakesDirectIo()
    {
        using var temp = new TempDirectory();
        using var device = FileStorageDevice.Open(temp.File("probe.bin"), unbufferedWrites: true);
        return device.WritesUnbuffered;
    }
}
