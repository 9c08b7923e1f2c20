import { Link } from 'react-router'
import { PageHead } from '../../components/seo/page-head'
import { DocumentLayout, type DocumentSection } from '../../components/ui/document-layout'
import { paths } from '../paths'

const PRIVACY_EMAIL = 'privacidad@cabanas.mx'
const privacyMail = <a href={`mailto:${PRIVACY_EMAIL}`}>{PRIVACY_EMAIL}</a>

const sections: readonly DocumentSection[] = [
  {
    id: 'responsable',
    title: 'Identidad del responsable',
    content: (
      <p>
        Cabañas MX, con domicilio en la Ciudad de México, México, es responsable del tratamiento de los datos
        personales que nos proporcionas al usar este sitio, y de su protección. Para cualquier asunto
        relacionado con tus datos personales puedes contactar a nuestro departamento de datos personales en{' '}
        {privacyMail}.
      </p>
    ),
  },
  {
    id: 'datos',
    title: 'Datos personales que recabamos',
    content: (
      <>
        <p>Recabamos los datos que nos das directamente al registrarte, reservar o escribirnos:</p>
        <ul>
          <li>
            <strong>Identificación y contacto:</strong> nombre, apellido, correo electrónico y teléfono.
          </li>
          <li>
            <strong>Cuenta:</strong> contraseña (que guardamos cifrada de forma irreversible, nunca en texto
            legible), fecha de registro y de último acceso, y tus preferencias de notificaciones.
          </li>
          <li>
            <strong>Reserva:</strong> alojamiento, fechas de llegada y salida, número de huéspedes, datos de
            contacto del huésped principal, importe pagado y estado de la reserva.
          </li>
          <li>
            <strong>Pago:</strong> nombre del titular, correo y teléfono de facturación. Los datos de la
            tarjeta los recibe directamente nuestro procesador de pagos; nosotros solo conservamos el
            identificador y el resultado del cargo.
          </li>
          <li>
            <strong>Datos técnicos:</strong> dirección IP, tipo de navegador y un identificador de sesión del
            dispositivo que el procesador de pagos usa para prevenir fraudes.
          </li>
        </ul>
        <p>No solicitamos datos personales sensibles.</p>
      </>
    ),
  },
  {
    id: 'finalidades',
    title: 'Para qué usamos tus datos',
    content: (
      <>
        <h3>Finalidades necesarias para el servicio</h3>
        <ul>
          <li>Crear y administrar tu cuenta y verificar tu identidad al iniciar sesión.</li>
          <li>Comprobar la disponibilidad, procesar tu reserva y cobrar el pago.</li>
          <li>Enviarte la confirmación y la información de tu reserva, y compartirla con el anfitrión.</li>
          <li>Atender tus dudas, solicitudes y aclaraciones.</li>
          <li>Prevenir fraudes y proteger la seguridad de la plataforma y de tu cuenta.</li>
          <li>Cumplir obligaciones legales, fiscales y requerimientos de autoridades competentes.</li>
        </ul>
        <h3>Finalidades adicionales</h3>
        <ul>
          <li>Enviarte nuestro boletín con promociones, nuevos alojamientos y destinos recomendados.</li>
          <li>Invitarte a encuestas de satisfacción para mejorar el servicio.</li>
        </ul>
        <p>
          Estas finalidades adicionales no son necesarias para tu reserva. Puedes negarte o dejar de
          recibirlas en cualquier momento desde <Link to={paths.profile()}>Mi Perfil</Link>, en la sección de
          notificaciones, o escribiendo a {privacyMail}; tu negativa no afectará tus reservas.
        </p>
      </>
    ),
  },
  {
    id: 'transferencias',
    title: 'Transferencias de datos',
    content: (
      <>
        <p>Compartimos tus datos únicamente en estos casos:</p>
        <ul>
          <li>
            <strong>Procesador de pagos (Openpay):</strong> para procesar el cargo a tu tarjeta y evaluar el
            riesgo de fraude de la operación.
          </li>
          <li>
            <strong>Anfitrión del alojamiento reservado:</strong> nombre, datos de contacto, fechas y número
            de huéspedes, para prestarte el servicio de hospedaje.
          </li>
          <li>
            <strong>Autoridades competentes:</strong> cuando una ley o una orden de autoridad lo exija.
          </li>
        </ul>
        <p>
          Estas transferencias son necesarias para cumplir el contrato de reserva que celebras con nosotros o
          están previstas por la ley, por lo que no requieren tu consentimiento. También nos apoyamos en
          proveedores de alojamiento de servidores y envío de correos, que tratan los datos solo por cuenta
          nuestra y bajo obligaciones de confidencialidad. No vendemos tus datos personales.
        </p>
      </>
    ),
  },
  {
    id: 'derechos-arco',
    title: 'Derechos ARCO',
    content: (
      <>
        <p>Tienes derecho a:</p>
        <ul>
          <li>
            <strong>Acceso:</strong> conocer qué datos personales tenemos y cómo los usamos.
          </li>
          <li>
            <strong>Rectificación:</strong> corregirlos si están desactualizados, son inexactos o incompletos.
          </li>
          <li>
            <strong>Cancelación:</strong> pedir que los eliminemos cuando ya no sean necesarios, salvo los que
            debamos conservar por obligación legal.
          </li>
          <li>
            <strong>Oposición:</strong> oponerte a su uso para fines específicos.
          </li>
        </ul>
        <p>
          También puedes revocar tu consentimiento o limitar el uso de tus datos. Tu nombre, apellido,
          teléfono y preferencias puedes corregirlos directamente en{' '}
          <Link to={paths.profile()}>Mi Perfil</Link>.
        </p>
        <h3>Cómo ejercerlos</h3>
        <p>Envía tu solicitud a {privacyMail} con la siguiente información:</p>
        <ul>
          <li>Tu nombre completo y el correo electrónico de tu cuenta, para comunicarte la respuesta.</li>
          <li>
            Una identificación oficial vigente o, si actúas en nombre de otra persona, el documento que
            acredite tu representación.
          </li>
          <li>El derecho que deseas ejercer y una descripción clara de los datos a los que se refiere.</li>
          <li>En caso de rectificación, el dato correcto y, si aplica, el documento que lo respalde.</li>
        </ul>
        <p>
          Te responderemos en un plazo máximo de 20 días hábiles contados desde que recibamos tu solicitud
          completa y, si resulta procedente, la haremos efectiva dentro de los 15 días hábiles siguientes. El
          ejercicio de estos derechos es gratuito.
        </p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies y almacenamiento local',
    content: (
      <>
        <p>
          No usamos cookies de publicidad ni de rastreo de terceros. El sitio guarda en el almacenamiento
          local de tu navegador solo lo necesario para funcionar:
        </p>
        <ul>
          <li>
            Tu sesión (un token de acceso y los datos básicos de tu perfil) mientras tengas la sesión
            iniciada. Se borra al cerrar sesión o cuando vence.
          </li>
          <li>El destino que elegiste en la página de inicio, durante la visita.</li>
          <li>Los alojamientos que marcas como favoritos, solo en tu dispositivo.</li>
        </ul>
        <p>
          Al pagar, el procesador de pagos ejecuta en tu navegador una herramienta de prevención de fraude que
          recaba datos técnicos del dispositivo. Los mapas se cargan desde un servicio de mapas externo, que
          recibe tu dirección IP al mostrarlos. Puedes borrar el almacenamiento local desde la configuración
          de tu navegador; si lo haces, se cerrará tu sesión.
        </p>
      </>
    ),
  },
  {
    id: 'seguridad',
    title: 'Seguridad y conservación',
    content: (
      <p>
        Protegemos tus datos con medidas administrativas, técnicas y físicas: conexiones cifradas, contraseñas
        cifradas de forma irreversible y acceso restringido al personal que los necesita. Conservamos tus
        datos mientras tengas una cuenta activa o sean necesarios para las finalidades descritas, y después
        durante los plazos que exijan las leyes fiscales y mercantiles; al terminar, los eliminamos o
        anonimizamos.
      </p>
    ),
  },
  {
    id: 'cambios',
    title: 'Cambios al aviso de privacidad',
    content: (
      <p>
        Este aviso puede cambiar por nuevos requisitos legales, por cambios en nuestros servicios o en
        nuestras prácticas de privacidad. Publicaremos la versión vigente en esta página, con su fecha de
        actualización, y te avisaremos por correo electrónico de los cambios que afecten las finalidades o las
        transferencias de tus datos.
      </p>
    ),
  },
  {
    id: 'autoridad',
    title: 'Autoridad competente',
    content: (
      <p>
        Si consideras que tu derecho a la protección de datos personales ha sido vulnerado, puedes acudir ante
        la autoridad competente en materia de protección de datos personales en posesión de los particulares.
      </p>
    ),
  },
]

export function PrivacyPage() {
  return (
    <>
      <PageHead
        title="Aviso de privacidad — Cabañas MX"
        description="Aviso de privacidad de Cabañas MX: qué datos personales recabamos, para qué los usamos, con quién los compartimos y cómo ejercer tus derechos ARCO."
        path={paths.privacy()}
      />
      <DocumentLayout
        title="Aviso de privacidad"
        updated="Última actualización: 22 de noviembre de 2026"
        intro={
          <p>
            En cumplimiento de la Ley Federal de Protección de Datos Personales en Posesión de los
            Particulares, te informamos qué datos personales recabamos, para qué los usamos, con quién los
            compartimos y cómo puedes ejercer tus derechos sobre ellos.
          </p>
        }
        sections={sections}
      />
    </>
  )
}
