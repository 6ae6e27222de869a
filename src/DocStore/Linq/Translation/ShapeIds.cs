using System.Collections.Concurrent;

namespace DocStore.Linq.Translation;

/// <summary>Small process-wide numbers for types and members, so an expression's shape is a short text.</summary>
internal static class ShapeIds
{
    private static readonly ConcurrentDictionary<object, int> Ids = new();
    private static int _next;

    public static int Of(object typeOrMember) => Ids.TryGetValue(typeOrMember, out var id) ? id : Ids.GetOrAdd(typeOrMember, static _ => Interlocked.Increment(ref _next));
}
