using System.Data;
using System.Data.Common;
using System.Diagnostics.CodeAnalysis;

namespace DocStore.Data;

/// <summary>
/// A parameter of a <see cref="DocStoreCommand"/>. A named parameter binds to <c>@name</c>, <c>$name</c> or
/// <c>:name</c> in the text (its name may be written with or without the sigil); a parameter without a
/// name binds to the next positional <c>?</c>. The value is converted to BSON as docs/ado-net.md describes;
/// <see cref="DbType"/> and <see cref="Size"/> are kept for tools but do not change the conversion.
/// </summary>
public sealed class DocStoreParameter : DbParameter
{
    private string _name = string.Empty;
    private string _sourceColumn = string.Empty;

    /// <summary>Creates a parameter with no name and a NULL value.</summary>
    public DocStoreParameter()
    {
    }

    /// <summary>Creates a named parameter.</summary>
    /// <param name="name">The name, with or without <c>@</c>, <c>$</c> or <c>:</c>.</param>
    /// <param name="value">The value (null or <see cref="DBNull"/> is SQL NULL).</param>
    public DocStoreParameter(string? name, object? value)
    {
        ParameterName = name;
        Value = value;
    }

    /// <summary>The type the caller declared; informational.</summary>
    public override DbType DbType { get; set; } = DbType.Object;

    /// <summary>Only <see cref="ParameterDirection.Input"/> is supported.</summary>
    /// <exception cref="NotSupportedException">Setting another direction.</exception>
    public override ParameterDirection Direction
    {
        get => ParameterDirection.Input;
        set
        {
            if (value != ParameterDirection.Input)
            {
                throw new NotSupportedException($"DocStore parameters are input only; {value} is not supported.");
            }
        }
    }

    /// <summary>Whether the value may be NULL; informational.</summary>
    public override bool IsNullable { get; set; }

    /// <summary>The name (empty for a positional parameter).</summary>
    [AllowNull]
    public override string ParameterName
    {
        get => _name;
        set => _name = value ?? string.Empty;
    }

    /// <summary>The size the caller declared; informational.</summary>
    public override int Size { get; set; }

    /// <summary>Used by data adapters; informational.</summary>
    [AllowNull]
    public override string SourceColumn
    {
        get => _sourceColumn;
        set => _sourceColumn = value ?? string.Empty;
    }

    /// <summary>Used by data adapters; informational.</summary>
    public override bool SourceColumnNullMapping { get; set; }

    /// <summary>The value.</summary>
    public override object? Value { get; set; }

    /// <summary>Sets <see cref="DbType"/> back to <see cref="DbType.Object"/>.</summary>
    public override void ResetDbType() => DbType = DbType.Object;
}
