using System.Runtime.CompilerServices;

namespace DocStore.Bson;

/// <summary>One open container of a <see cref="CBsonWriter"/>: where its length prefix is, so it can be back-patched.</summary>
internal struct CBsonWriterFrame
{
    /// <summary>Offset of the container's int32 length prefix.</summary>
    public int Start;

    /// <summary>Offset of the enclosing code-with-scope's int32 total length when this is its scope, else -1.</summary>
    public int CodeWithScopeStart;

    /// <summary>Whether the container is an array.</summary>
    public bool IsArray;
}

/// <summary>The open containers of a writer, inline so that writing never allocates; one per depth level.</summary>
[InlineArray(CBsonLimits.MaxDepth)]
internal struct CBsonWriterFrames
{
    private CBsonWriterFrame _element0;
}
