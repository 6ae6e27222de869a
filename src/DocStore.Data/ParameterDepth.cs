using DocStore.Bson;
using DocStore.Bson.Model;

namespace DocStore.Data;

/// <summary>Refuses a parameter that nests lists or documents deeper than the document model allows (<see cref="BsonValue.MaxDepth"/>).</summary>
internal static class ParameterDepth
{
    /// <summary>Throws when a list or document at nesting level <paramref name="depth"/> (1 for the parameter itself) is too deep.</summary>
    /// <exception cref="CBsonLimitException">The level is past the limit.</exception>
    public static void Check(string name, int depth)
    {
        if (depth > BsonValue.MaxDepth)
        {
            throw new CBsonLimitException(
                CBsonLimit.Depth,
                $"Parameter '{name}' nests lists or documents deeper than {BsonValue.MaxDepth} levels (or contains itself), which no BSON value may.");
        }
    }

    /// <summary>Returns <paramref name="value"/> after checking that its documents and arrays, starting at level <paramref name="depth"/>, stay within the limit.</summary>
    /// <exception cref="CBsonLimitException">They nest too deep (or contain themselves).</exception>
    public static BsonValue Check(BsonValue value, string name, int depth)
    {
        // The recursion stops at the limit, so its own depth is bounded whatever the value holds.
        switch (value)
        {
            case BsonDocument document:
                Check(name, depth);
                foreach (var element in document)
                {
                    Check(element.Value, name, depth + 1);
                }

                break;
            case BsonArray array:
                Check(name, depth);
                foreach (var item in array)
                {
                    Check(item, name, depth + 1);
                }

                break;
        }

        return value;
    }
}
