using System.Buffers.Binary;

namespace DocStore.Benchmarks.Engine;

/// <summary>Scratch files and keys shared by the engine benchmarks.</summary>
internal static class BenchmarkFiles
{
    public static string NewPath(string name)
    {
        var dir = Path.Combine(Path.GetTempPath(), "docstore-bench", Guid.NewGuid().ToString("N"));
        Directory.CreateDirectory(dir);
        return Path.Combine(dir, name);
    }

    public static void DeleteDirectoryOf(string path)
    {
        try
        {
            Directory.Delete(Path.GetDirectoryName(path)!, recursive: true);
        }
        catch (IOException)
        {
            // Left for the OS temp cleaner.
        }
    }

    /// <summary>An 8-byte big-endian key: byte order equals numeric order, as the key encoding gives.</summary>
    public static byte[] Key(long i)
    {
        var key = new byte[8];
        BinaryPrimitives.WriteInt64BigEndian(key, i);
        return key;
    }
}
