using System.Diagnostics;

namespace DocStore.Tests.Storage.Encryption;

/// <summary>Reads a file an open database holds locked: <c>cp</c> takes no lock, where .NET's file APIs would be refused.</summary>
internal static class LockedFileBytes
{
    public static byte[] Read(string path)
    {
        var copy = Path.GetTempFileName();
        try
        {
            using var cp = Process.Start(new ProcessStartInfo("cp", [path, copy]) { UseShellExecute = false })!;
            cp.WaitForExit();
            Assert.Equal(0, cp.ExitCode);
            return File.ReadAllBytes(copy);
        }
        finally
        {
            File.Delete(copy);
        }
    }
}
