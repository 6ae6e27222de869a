using System.Globalization;
using DocStore.Storage;

namespace DocStore.KillSoak;

/// <summary>What the writer and the checker share: the options, who owns which keys, and the document for each (key, version).</summary>
public static class Soak
{
    /// <summary>Concurrent writers in the child; each owns the keys <c>id % Writers == writer</c>.</summary>
    public const int Writers = 2;

    /// <summary>Item keys are 1..ItemKeys, note keys 1..NoteKeys, so operations keep hitting stored documents.</summary>
    public const int ItemKeys = 300;

    /// <summary>See <see cref="ItemKeys"/>.</summary>
    public const int NoteKeys = 200;

    /// <summary>Acknowledged transactions between two upkeep calls in the child: few, so calls land among commits in flight.</summary>
    public const int UpkeepPace = 8;

    /// <summary>
    /// Small pages (deep trees, multi-page documents) and a small cache, at <paramref name="durability"/>:
    /// a process kill must lose nothing acknowledged at any of them (the operating system keeps what was written).
    /// </summary>
    public static DocStoreOptions Options(Durability durability) => new() { PageSize = 1024, CacheSizePages = 64, Durability = durability };

    /// <summary>The writer that owns key <paramref name="id"/>.</summary>
    public static int Owner(long id) => (int)(id % Writers);

    /// <summary>The item with <paramref name="id"/> at <paramref name="version"/>.</summary>
    public static SoakItem Item(int id, int version)
    {
        var h = Mix(id, version);

        // One in ten items carries a payload of several 1 KiB pages (an overflow chain), one in a hundred a large one.
        var length = h % 100 == 0 ? 20_000 + (int)(h % 9000) : h % 10 == 0 ? 1_500 + (int)(h % 4000) : (int)(h % 200);
        var payload = new byte[length];
        for (var i = 0; i < payload.Length; i++)
        {
            payload[i] = (byte)(h + (uint)i);
        }

        return new SoakItem
        {
            Id = id,
            Version = version,
            Code = string.Create(CultureInfo.InvariantCulture, $"{id}:{version % 3}"),
            Group = (int)(h % 7),
            Tags = [.. Enumerable.Range(0, (int)(h >> 8) % 4).Select(t => "tag" + ((h >> (12 + (3 * t))) % 6))],
            Payload = payload,
        };
    }

    /// <summary>The note with <paramref name="id"/> at <paramref name="version"/>.</summary>
    public static SoakNote Note(long id, int version)
    {
        var h = Mix((int)id, version ^ 0x5A5A);
        return new SoakNote { Id = id, Item = (int)(h % ItemKeys) + 1, Version = version, Text = new string((char)('a' + (h % 26)), (int)(h % 300)) };
    }

    /// <summary>Whether two items are the same document, member by member.</summary>
    public static bool Same(SoakItem a, SoakItem b) =>
        a.Id == b.Id && a.Version == b.Version && a.Code == b.Code && a.Group == b.Group && a.Tags.SequenceEqual(b.Tags) && a.Payload.AsSpan().SequenceEqual(b.Payload);

    /// <summary>Whether two notes are the same document, member by member.</summary>
    public static bool Same(SoakNote a, SoakNote b) => a.Id == b.Id && a.Item == b.Item && a.Version == b.Version && a.Text == b.Text;

    private static uint Mix(int id, int version)
    {
        var h = ((uint)id * 2654435761u) ^ ((uint)version * 40503u);
        h ^= h >> 15;
        h *= 2246822519u;
        h ^= h >> 13;
        return h;
    }
}
