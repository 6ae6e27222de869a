using System.Buffers;
using DocStore.BTree;
using DocStore.Metadata;

namespace DocStore.Collections;

/// <summary>
/// Scratch buffers of the calling thread, shared by every document collection: a point read, a unique find
/// or a delete then allocates no key, and an insert serializes into a buffer that grew once. Each is valid
/// until the next use of the same buffer on the thread (the collection parts that use them, such as <see cref="CollectionWriter{T, TKey}"/>,
/// consume or copy it first).
/// </summary>
/// <remarks>
/// Kept in a non-generic class on purpose: a thread-static field of a generic class whose code is shared
/// between reference types is found through a runtime lookup on every access, while one of a non-generic
/// class is a direct thread-local load, and a point read goes through these on every call.
/// </remarks>
internal static class CollectionScratch
{
    /// <summary>The encoded primary key of a point read or write (see <c>EncodeKeyScratch</c>).</summary>
    [ThreadStatic]
    internal static IndexKeyBuilder? PrimaryKey;

    /// <summary>The key a generated <c>FindBy…</c> or <c>CountBy…</c> method builds (see <c>QueryKey</c>).</summary>
    [ThreadStatic]
    internal static IndexKeyBuilder? QueryKey;

    /// <summary>The serialized document of a write (see <c>Serialize</c>).</summary>
    [ThreadStatic]
    internal static ArrayBufferWriter<byte>? Document;

    /// <summary>The index keys a write extracts.</summary>
    [ThreadStatic]
    internal static IndexKeySink? KeySink;

    /// <summary>The tree changes a write plans before making them.</summary>
    [ThreadStatic]
    internal static TreeChanges? Changes;
}
