namespace DocStore.CrashHost.Collections;

/// <summary>
/// The one document the workload writes for a (key, version) pair. The writer and the test that checks
/// what survived a kill both build documents here, so a version number in the log stands for the whole
/// document and its index entries.
/// </summary>
public static class CrashItems
{
    /// <summary>Keys range over 1..<see cref="KeySpace"/>, so operations keep hitting stored documents.</summary>
    public const int KeySpace = 240;

    /// <summary>Values of <see cref="CrashItem.Group"/>.</summary>
    public const int Groups = 5;

    /// <summary>The cities of <see cref="CrashPlace.City"/>.</summary>
    public static readonly string[] Cities = ["Lima", "Oslo", "Pune", "Quito"];

    /// <summary>The tag vocabulary of <see cref="CrashItem.Tags"/>.</summary>
    public static readonly string[] TagWords = ["red", "green", "blue", "gold", "grey"];

    /// <summary>The names that make up <see cref="CrashItem.Last"/> and <see cref="CrashItem.First"/>.</summary>
    public static readonly string[] Names = ["Ada", "Alan", "Grace", "Edsger"];

    /// <summary>The document with <paramref name="id"/> at <paramref name="version"/>.</summary>
    public static CrashItem Create(int id, int version)
    {
        var h = Mix(id, version);

        // The unique code cycles through three values per key, so some updates keep their unique entry
        // and others move it; keys never share a code.
        return new CrashItem
        {
            Id = id,
            Version = version,
            Code = $"{id}:{version % 3}",
            Group = (int)(h % Groups),
            Last = Names[(int)(h >> 4) % Names.Length],
            First = Names[(int)(h >> 8) % Names.Length],
            Place = new CrashPlace { City = Cities[(int)(h >> 12) % Cities.Length] },

            // Zero to three tags, possibly repeated (a repeated element makes one index entry).
            Tags = [.. Enumerable.Range(0, (int)(h >> 16) % 4).Select(t => TagWords[(int)(h >> (20 + (3 * t))) % TagWords.Length])],
            Payload = Payload(h),
        };
    }

    private static byte[] Payload(uint h)
    {
        // One document in eight carries a payload of several 1 KiB pages (an overflow chain).
        var length = h % 8 == 0 ? 1500 + (int)(h % 3000) : (int)(h % 64);
        var payload = new byte[length];
        for (var i = 0; i < payload.Length; i++)
        {
            payload[i] = (byte)(h + (uint)i);
        }

        return payload;
    }

    private static uint Mix(int id, int version)
    {
        var h = ((uint)id * 2654435761u) ^ ((uint)version * 40503u);
        h ^= h >> 15;
        h *= 2246822519u;
        h ^= h >> 13;
        return h;
    }
}
