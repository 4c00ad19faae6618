// Common Argentine given names and surnames. Faker has no es_AR locale and its Spanish names read
// as Spain's, so the seed draws people's names from these lists.

export const FEMALE_NAMES = [
  'Sofía', 'Lucía', 'Valentina', 'Martina', 'Camila', 'Julieta', 'Florencia', 'Agustina', 'Micaela',
  'Paula', 'Carolina', 'Mariana', 'Gabriela', 'Natalia', 'Romina', 'Daniela', 'Victoria', 'Catalina',
  'Milagros', 'Rocío', 'Antonella', 'Belén', 'Candela', 'Lorena', 'Silvina', 'Verónica', 'Andrea',
  'Laura', 'María José', 'Ana', 'Claudia', 'Patricia', 'Graciela', 'Marcela', 'Soledad', 'Josefina',
  'Emilia', 'Abril', 'Delfina', 'Guadalupe', 'Ludmila', 'Luciana', 'Jimena', 'Carla', 'Celeste',
  'Noelia', 'Vanesa', 'Cecilia', 'Eugenia', 'Pilar', 'María Laura', 'Constanza', 'Brenda', 'Aldana',
] as const;

export const MALE_NAMES = [
  'Martín', 'Mateo', 'Santiago', 'Juan Cruz', 'Tomás', 'Joaquín', 'Lucas', 'Facundo', 'Nicolás',
  'Franco', 'Agustín', 'Matías', 'Gonzalo', 'Federico', 'Ignacio', 'Lautaro', 'Benjamín', 'Thiago',
  'Bautista', 'Felipe', 'Julián', 'Diego', 'Pablo', 'Sebastián', 'Alejandro', 'Maximiliano', 'Leandro',
  'Emiliano', 'Rodrigo', 'Ezequiel', 'Hernán', 'Gustavo', 'Marcelo', 'Fernando', 'Carlos', 'Jorge',
  'Ricardo', 'Sergio', 'Daniel', 'Walter', 'Germán', 'Mariano', 'Gastón', 'Damián', 'Cristian',
  'Luciano', 'Esteban', 'Valentín', 'Bruno', 'Ramiro', 'Juan Pablo', 'Andrés', 'Marcos', 'Patricio',
] as const;

export const SURNAMES = [
  'González', 'Rodríguez', 'Gómez', 'Fernández', 'López', 'Díaz', 'Martínez', 'Pérez', 'García',
  'Sánchez', 'Romero', 'Sosa', 'Álvarez', 'Torres', 'Ruiz', 'Ramírez', 'Flores', 'Acosta', 'Benítez',
  'Medina', 'Suárez', 'Herrera', 'Aguirre', 'Pereyra', 'Gutiérrez', 'Giménez', 'Molina', 'Silva',
  'Castro', 'Rojas', 'Ortiz', 'Núñez', 'Luna', 'Juárez', 'Cabrera', 'Ríos', 'Ferreyra', 'Godoy',
  'Morales', 'Domínguez', 'Moreno', 'Peralta', 'Vega', 'Carrizo', 'Quiroga', 'Castillo', 'Ledesma',
  'Muñoz', 'Ojeda', 'Ponce', 'Vera', 'Cardozo', 'Villalba', 'Figueroa', 'Navarro', 'Paz', 'Méndez',
  'Ibáñez', 'Bustos', 'Coronel', 'Maldonado', 'Correa', 'Arias', 'Vázquez', 'Rossi', 'Romano',
  'Ferrari', 'Bianchi', 'Colombo', 'Russo', 'Costa', 'Fontana', 'Marino', 'Greco', 'Lombardi',
  'Bruno', 'Gallo', 'Ricci', 'Mancini', 'Sabatini', 'Olivera', 'Ramos', 'Campos', 'Farías',
] as const;

/** Lowercase ASCII form of a name, for e-mail addresses. */
export function asciiSlug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

/** Initials for an avatar: first letter of the first and of the last word. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '?';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}
