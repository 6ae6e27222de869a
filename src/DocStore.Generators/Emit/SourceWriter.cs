using System.Text;

namespace DocStore.Generators.Emit;

/// <summary>A string builder that tracks indentation, so emitters read like the code they produce.</summary>
internal sealed class SourceWriter
{
    private readonly StringBuilder _builder = new();
    private int _indent;

    public SourceWriter Line(string text = "")
    {
        if (text.Length > 0)
        {
            _builder.Append(' ', _indent * 4);
        }

        _builder.Append(text).Append('\n');
        return this;
    }

    public SourceWriter Open(string text)
    {
        Line(text);
        Line("{");
        _indent++;
        return this;
    }

    /// <summary>Opens a bare block (a scope for locals).</summary>
    public SourceWriter Block()
    {
        Line("{");
        _indent++;
        return this;
    }

    public SourceWriter Close(string suffix = "")
    {
        _indent--;
        return Line("}" + suffix);
    }

    /// <summary>Appends another writer's text verbatim (it was indented on its own).</summary>
    public SourceWriter Append(SourceWriter other)
    {
        _builder.Append(other._builder);
        return this;
    }

    public override string ToString() => _builder.ToString();
}
